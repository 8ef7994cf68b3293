/* test_config.c - defaults, user files, CLI flags, and the errors that name
 * the file and the key path. */
#include <cjson/cJSON.h>
#include <unistd.h>

#include "core/config.h"
#include "core/xalloc.h"
#include "test.h"

static char *write_temp(const char *text)
{
	char *path = xstrdup("/tmp/trident-config-XXXXXX");
	int fd = mkstemp(path);
	if (fd < 0)
		return path;
	ssize_t n = write(fd, text, strlen(text));
	(void)n;
	close(fd);
	return path;
}

static int load_text(const char *text, struct config **cfg, char **path_out)
{
	char *path = write_temp(text);
	int err = config_load(cfg, path);
	*path_out = path;
	return err;
}

TEST(defaults_are_readable)
{
	struct config *cfg = config_defaults();
	CHECK_INT_EQ(config_int(cfg, "run.steps"), 200);
	CHECK_STR_EQ(config_string(cfg, "run.brain"), "auto");
	CHECK(config_string(cfg, "run.out") == NULL);
	CHECK(config_has(cfg, "sim.width"));
	CHECK(!config_has(cfg, "sim.nope"));
	CHECK(!config_has(cfg, "run.#steps"));
	char *dump = config_dump(cfg);
	CHECK(strstr(dump, "\"steps\"") != NULL);
	CHECK(strstr(dump, "#steps") == NULL);
	free(dump);
	config_free(cfg);
}

TEST(user_file_merges)
{
	struct config *cfg = NULL;
	char *path;
	CHECK_OK(load_text("{\"run\": {\"steps\": 12, \"#steps\": \"comment ok\", \"out\": \"x\"}}",
			   &cfg, &path));
	REQUIRE(cfg);
	CHECK_INT_EQ(config_int(cfg, "run.steps"), 12);
	CHECK_STR_EQ(config_string(cfg, "run.out"), "x");
	CHECK_STR_EQ(config_string(cfg, "run.brain"), "auto");
	config_free(cfg);
	unlink(path);
	free(path);
}

TEST(unknown_key_names_file_and_path)
{
	struct config *cfg = NULL;
	char *path;
	int err = load_text("{\"run\": {\"stepz\": 3}}", &cfg, &path);
	CHECK_INT_EQ(err, TD_ERR_CONFIG);
	CHECK(cfg == NULL);
	const char *msg = td_errmsg(err);
	CHECK(strstr(msg, path) != NULL);
	CHECK(strstr(msg, "run.stepz") != NULL);
	CHECK(strstr(msg, "unknown key") != NULL);
	unlink(path);
	free(path);
}

TEST(wrong_type_names_file_and_path)
{
	struct config *cfg = NULL;
	char *path;
	int err = load_text("{\"sim\": {\"width\": \"wide\"}}", &cfg, &path);
	CHECK_INT_EQ(err, TD_ERR_CONFIG);
	const char *msg = td_errmsg(err);
	CHECK(strstr(msg, path) != NULL);
	CHECK(strstr(msg, "sim.width") != NULL);
	CHECK(strstr(msg, "expected a number") != NULL);
	unlink(path);
	free(path);
	err = load_text("{\"run\": 5}", &cfg, &path);
	CHECK_INT_EQ(err, TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(err), "run: expected an object") != NULL);
	unlink(path);
	free(path);
}

TEST(syntax_error_has_line)
{
	struct config *cfg = NULL;
	char *path;
	int err = load_text("{\n  \"run\": {\n    \"steps\": 3,,\n  }\n}", &cfg, &path);
	CHECK_INT_EQ(err, TD_ERR_PARSE);
	char want[512];
	snprintf(want, sizeof want, "%s:3:", path);
	CHECK(strstr(td_errmsg(err), want) != NULL);
	unlink(path);
	free(path);
	err = load_text("[1, 2]", &cfg, &path);
	CHECK_INT_EQ(err, TD_ERR_CONFIG);
	unlink(path);
	free(path);
}

TEST(missing_file)
{
	struct config *cfg = NULL;
	int err = config_load(&cfg, "/nonexistent/trident.json");
	CHECK_INT_EQ(err, TD_ERR_NOT_FOUND);
	CHECK(strstr(td_errmsg(err), "/nonexistent/trident.json") != NULL);
}

TEST(cli_flags)
{
	struct config *cfg = config_defaults();
	CHECK_OK(config_set(cfg, "run.steps", "42"));
	CHECK_INT_EQ(config_int(cfg, "run.steps"), 42);
	CHECK_OK(config_set(cfg, "run.out", "/tmp/x"));
	CHECK_STR_EQ(config_string(cfg, "run.out"), "/tmp/x");
	CHECK_INT_EQ(config_set(cfg, "run.steps", "many"), TD_ERR_CONFIG);
	CHECK(strstr(td_errmsg(TD_ERR_CONFIG), "run.steps") != NULL);
	CHECK_INT_EQ(config_set(cfg, "run.nope", "1"), TD_ERR_CONFIG);
	CHECK_INT_EQ(config_set(cfg, "run", "{}"), TD_OK);
	config_free(cfg);
}

TEST(merge_text_layers)
{
	struct config *cfg = config_defaults();
	CHECK_OK(config_merge_text(cfg, "{\"run\": {\"steps\": 5}}", "a.json"));
	CHECK_OK(config_merge_text(cfg, "{\"run\": {\"seed\": 9}}", "b.json"));
	CHECK_INT_EQ(config_int(cfg, "run.steps"), 5);
	CHECK_INT_EQ(config_int(cfg, "run.seed"), 9);
	config_free(cfg);
}

int main(void)
{
	RUN(defaults_are_readable);
	RUN(user_file_merges);
	RUN(unknown_key_names_file_and_path);
	RUN(wrong_type_names_file_and_path);
	RUN(syntax_error_has_line);
	RUN(missing_file);
	RUN(cli_flags);
	RUN(merge_text_layers);
	return test_summary();
}
