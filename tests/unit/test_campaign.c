/* test_campaign.c - the campaign file (expansion into runs, defaults, paths,
 * shards, device fits), the state file's round trip, and merge's relative
 * run directories. Errors naming the file and key path are checked end to
 * end by tests/integration/campaign_shard.sh. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agents/campaign.h"
#include "core/xalloc.h"
#include "test.h"

static char dir[64];

static char *write_file(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return path;
}

TEST(expands_apps_by_seeds_in_file_order)
{
	char *apk = write_file("x.apk", "not really a zip");
	char *p = write_file("c.json",
		"{\"#\": \"comment\", \"defaults\": {\"steps\": 9, \"seeds\": [4, 5], \"brain\": \"offline\","
		" \"config\": {\"device\": {\"reconnect_ms\": 1000}}},"
		" \"apps\": [{\"sim\": \"notes:fixed\"}, {\"apk\": \"x.apk\", \"seeds\": [7], \"steps\": 3,"
		" \"config\": {\"log\": {\"level\": \"warn\"}}}, {\"package\": \"com.a.b\", \"minutes\": 1.5}],"
		" \"devices\": [\"sim\", \"emulator-5554\", {\"serial\": \"h:5555\", \"adb_server\": \"far:5037\"}]}");
	struct campaign *c = NULL;
	int err = campaign_load(p, &c);
	REQUIRE(err == TD_OK);
	CHECK_INT_EQ(c->n_apps, 3);
	CHECK_INT_EQ(c->n_runs, 5);
	CHECK(!strcmp(c->runs[0].id, "notes-s4"));
	CHECK(!strcmp(c->runs[1].id, "notes-s5"));
	CHECK(!strcmp(c->runs[2].id, "x-s7"));
	CHECK(!strcmp(c->runs[3].id, "com.a.b-s4"));
	CHECK(!strcmp(c->runs[4].id, "com.a.b-s5"));
	CHECK_INT_EQ(c->apps[0].steps, 9);
	CHECK_INT_EQ(c->apps[1].steps, 3);
	CHECK(c->apps[2].minutes == 1.5);
	CHECK(c->apps[0].minutes < 0);
	CHECK(!strcmp(c->apps[0].target, "notes:fixed"));
	CHECK(!strcmp(c->apps[1].target, apk)); /* relative to the campaign file */
	CHECK(!strcmp(c->apps[2].brain, "offline"));
	/* config: defaults merged under the app's own */
	CHECK_INT_EQ(cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetObjectItem(c->apps[1].config, "device"),
							      "reconnect_ms")), 1000);
	CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(c->apps[1].config, "log"),
								 "level")), "warn"));
	CHECK(c->devices[0].sim && !c->devices[1].sim);
	CHECK(!strcmp(c->devices[2].adb_server, "far:5037"));
	CHECK(c->devices[1].adb_server == NULL);
	/* fits: sim apps on slots, packages on adb devices, APKs anywhere */
	CHECK(campaign_app_fits(&c->apps[0], &c->devices[0]));
	CHECK(!campaign_app_fits(&c->apps[0], &c->devices[1]));
	CHECK(campaign_app_fits(&c->apps[1], &c->devices[0]));
	CHECK(campaign_app_fits(&c->apps[1], &c->devices[1]));
	CHECK(!campaign_app_fits(&c->apps[2], &c->devices[0]));
	CHECK(campaign_app_fits(&c->apps[2], &c->devices[2]));
	/* the app config file */
	char *cfg = NULL;
	REQUIRE(campaign_write_app_config(dir, &c->apps[1], &cfg) == TD_OK);
	REQUIRE(cfg != NULL);
	CHECK(access(cfg, R_OK) == 0);
	free(cfg);
	campaign_free(c);
	free(p);
	free(apk);
}

TEST(shards_partition_the_runs)
{
	char *p = write_file("s.json", "{\"defaults\": {\"seeds\": [1, 2, 3, 4, 5, 6, 7]},"
				       " \"apps\": [{\"sim\": \"notes\"}], \"devices\": [\"sim\"]}");
	int seen[7] = { 0 };
	for (int k = 1; k <= 3; k++) {
		struct campaign *c = NULL;
		REQUIRE(campaign_load(p, &c) == TD_OK);
		campaign_shard(c, k, 3);
		for (size_t i = 0; i < c->n_runs; i++) {
			CHECK_INT_EQ(c->runs[i].index % 3, k - 1);
			seen[c->runs[i].index]++;
		}
		CHECK_INT_EQ(c->n_runs, k == 1 ? 3 : 2);
		campaign_free(c);
	}
	for (int i = 0; i < 7; i++)
		CHECK_INT_EQ(seen[i], 1);
	int k, n;
	CHECK(campaign_parse_shard("2/5", &k, &n) == TD_OK && k == 2 && n == 5);
	CHECK(campaign_parse_shard("0/5", &k, &n) != TD_OK);
	CHECK(campaign_parse_shard("6/5", &k, &n) != TD_OK);
	CHECK(campaign_parse_shard("1/", &k, &n) != TD_OK);
	CHECK(campaign_parse_shard("1/2x", &k, &n) != TD_OK);
	free(p);
}

TEST(state_round_trip_and_merge_paths)
{
	char *a = xasprintf("%s/shard-a", dir), *b = xasprintf("%s/shard-b", dir), *m = xasprintf("%s/all", dir);
	mkdir(a, 0755);
	mkdir(b, 0755);
	mkdir(m, 0755);
	char *ra = xasprintf("%s/runs", a), *rr = xasprintf("%s/runs/n-s1", a), *rb = xasprintf("%s/runs", b),
	     *rrb = xasprintf("%s/runs/n-s2", b);
	mkdir(ra, 0755);
	mkdir(rr, 0755);
	mkdir(rb, 0755);
	mkdir(rrb, 0755);
	cJSON *s = cJSON_Parse("{\"runs\": [{\"id\": \"n-s1\", \"app\": \"n\", \"state\": \"done\", \"dir\": \"runs/n-s1\"}]}");
	REQUIRE(campaign_state_write(a, s) == TD_OK);
	cJSON_Delete(s);
	s = cJSON_Parse("{\"runs\": [{\"id\": \"n-s2\", \"app\": \"n\", \"state\": \"failed\", \"dir\": \"runs/n-s2\"},"
			" {\"id\": \"n-s1\", \"app\": \"n\", \"state\": \"done\", \"dir\": \"runs/n-s1\"}]}");
	REQUIRE(campaign_state_write(b, s) == TD_OK);
	cJSON_Delete(s);
	cJSON *back = NULL;
	REQUIRE(campaign_state_read(a, &back) == TD_OK);
	CHECK(campaign_state_run(back, "n-s1") != NULL);
	CHECK(campaign_state_run(back, "n-s9") == NULL);
	cJSON_Delete(back);
	const char *dirs[] = { a, b };
	cJSON *merged = NULL;
	REQUIRE(campaign_state_merge(dirs, 2, m, &merged) == TD_OK);
	CHECK_INT_EQ(cJSON_GetArraySize(cJSON_GetObjectItem(merged, "runs")), 2); /* n-s1 once */
	CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(campaign_state_run(merged, "n-s1"), "dir")),
		      "../shard-a/runs/n-s1"));
	CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(campaign_state_run(merged, "n-s2"), "dir")),
		      "../shard-b/runs/n-s2"));
	cJSON_Delete(merged);
	/* a missing state is NOT_FOUND; a broken one a parse error */
	CHECK(campaign_state_read(m, &back) == TD_ERR_NOT_FOUND);
	char *broken = write_file("all/campaign.json", "{\"runs\": 3}");
	CHECK(campaign_state_read(m, &back) == TD_ERR_PARSE);
	free(broken);
	free(a), free(b), free(m), free(ra), free(rr), free(rb), free(rrb);
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/trident-campaign-unit-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	RUN(expands_apps_by_seeds_in_file_order);
	RUN(shards_partition_the_runs);
	RUN(state_round_trip_and_merge_paths);
	char *cmd = xasprintf("rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	free(cmd);
	return test_summary();
}
