/*
 * replay.c - `trident replay RUN BUG --device SERIAL|sim:APP`: reproduce one
 * bug of a run's bugs.json on a device, without exploring. A clean start
 * (force-stop, pm clear, portrait, launch, the login script), then the
 * bug's minimal path (its `steps`), each screen written to the output
 * folder; then the bug's own check: an oracle bug's recheck on the replayed
 * screens (agents/replay_confirm.h), a Detector bug's recorded bug screen
 * and cited texts (agents/minimise.h). Exit 0 reproduced, 1 not (or the
 * device failed), 2 usage.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "agents/bugs.h"
#include "agents/login.h"
#include "agents/minimise.h"
#include "agents/replay.h"
#include "agents/replay_confirm.h"
#include "cli/cli.h"
#include "cli/cli_commands.h"
#include "core/config.h"
#include "core/error.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "core/ui_align.h"
#include "core/xalloc.h"
#include "device/device.h"

static void replay_usage(FILE *f)
{
	fprintf(f, "usage: trident replay RUN BUG --device SPEC [options]\n\n"
		   "Reproduce bug BUG (its id, e.g. B003) of RUN/bugs.json on a device: a clean\n"
		   "start of the app (force-stop, pm clear, portrait, launch, login script), then\n"
		   "the bug's minimal path; prints whether the bug showed again and why.\n"
		   "Exit 0 reproduced, 1 not reproduced (or the device failed), 2 usage.\n\n"
		   "options:\n"
		   "  --device SPEC     adb serial (or HOST:PORT), or sim:NAME / sim:PATH\n"
		   "  --adb-server H:P  the adb server (device.adb_server); never started by trident\n"
		   "  --package PKG     the app (default: the run's package)\n"
		   "  --login FILE      login script replayed after each start\n"
		   "  --out DIR         where the replayed screens go (default RUN/replay-BUG):\n"
		   "                    NNNN.png and NNNN.xml, 0000 after the clean start\n"
		   "  --config FILE     configuration file\n");
}

/* The run's package: summary.json, else the trace's first record (run_start). Caller frees; NULL when unknown. */
static char *run_package(const char *run)
{
	const char *files[] = { "summary.json", "trace.jsonl" };

	for (size_t i = 0; i < 2; i++) {
		struct strbuf sb = STRBUF_INIT;
		char *path = xasprintf("%s/%s", run, files[i]), *pkg = NULL;

		if (strbuf_read_file(&sb, path) == TD_OK) {
			char *nl = i ? strchr(sb.buf, '\n') : NULL;
			cJSON *o;
			const cJSON *p;

			if (nl)
				*nl = '\0';
			o = cJSON_Parse(sb.buf);
			p = cJSON_GetObjectItemCaseSensitive(o, "package");
			if (cJSON_IsString(p) && p->valuestring[0])
				pkg = xstrdup(p->valuestring);
			cJSON_Delete(o);
		}
		strbuf_release(&sb);
		free(path);
		if (pkg)
			return pkg;
	}
	return NULL;
}

/* Bug `id` of RUN/bugs.json into *out. 0 found; 1 not found or unreadable (message printed). */
static int load_bug(const char *run, const char *id, struct bug *out)
{
	struct bug_list *l = bug_list_new(NULL);
	char *path = xasprintf("%s/bugs.json", run);
	int rc = 1;

	bug_init(out);
	int err = bug_list_load(l, path);

	if (err != TD_OK) {
		fprintf(stderr, "trident replay: %s\n", td_errmsg(err));
		goto out;
	}
	for (size_t i = 0; i < bug_list_count(l); i++) {
		struct bug b;

		if (bug_list_get(l, i, &b) != TD_OK)
			continue;
		if (b.id && !strcasecmp(b.id, id)) {
			*out = b;
			rc = 0;
			goto out;
		}
		bug_release(&b);
	}
	fprintf(stderr, "trident replay: %s has no bug %s\n", path, id);
out:
	free(path);
	bug_list_free(l);
	return rc;
}

int cmd_replay(int argc, char **argv)
{
	const char *run = NULL, *id = NULL, *spec = NULL, *adb = NULL, *pkg_arg = NULL, *login_path = NULL;
	const char *out_arg = NULL, *config_path = NULL;
	struct config *cfg = NULL;
	struct device *dev = NULL;
	struct login_script *login = NULL;
	struct bug b;
	struct action *steps = NULL;
	char *pkg = NULL, *out_dir = NULL, *why = NULL, *title = NULL;
	bool oracle, ok = false;
	int rc = 1, err;

	bug_init(&b);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char **dst = NULL;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			replay_usage(stdout);
			return 0;
		}
		if (!strcmp(a, "--device"))
			dst = &spec;
		else if (!strcmp(a, "--adb-server"))
			dst = &adb;
		else if (!strcmp(a, "--package"))
			dst = &pkg_arg;
		else if (!strcmp(a, "--login"))
			dst = &login_path;
		else if (!strcmp(a, "--out"))
			dst = &out_arg;
		else if (!strcmp(a, "--config"))
			dst = &config_path;
		if (dst) {
			if (i + 1 >= argc || !argv[i + 1][0]) {
				fprintf(stderr, "trident replay: %s needs a value\n", a);
				return 2;
			}
			*dst = argv[++i];
		} else if (a[0] == '-') {
			fprintf(stderr, "trident replay: unknown option '%s' (see --help)\n", a);
			return 2;
		} else if (!run) {
			run = a;
		} else if (!id) {
			id = a;
		} else {
			fprintf(stderr, "trident replay: unexpected argument '%s' (see --help)\n", a);
			return 2;
		}
	}
	if (!run || !id || !spec) {
		replay_usage(stderr);
		return 2;
	}
	if (load_bug(run, id, &b) != 0)
		return 1;
	oracle = b.found_by && !strncmp(b.found_by, "oracle:", 7);
	if (!b.n_steps) {
		fprintf(stderr, "trident replay: bug %s has no steps to replay\n", id);
		goto out;
	}
	if (oracle && !strcmp(b.found_by, "oracle:independent_view")) {
		fprintf(stderr, "trident replay: bug %s (oracle:independent_view) is judged by comparing two "
				"replays, which trident replay does not do\n", id);
		goto out;
	}
	pkg = pkg_arg ? xstrdup(pkg_arg) : run_package(run);
	if (!pkg) {
		fprintf(stderr, "trident replay: no package in %s/summary.json or trace.jsonl: pass --package\n", run);
		rc = 2;
		goto out;
	}
	err = cli_config_load(&cfg, config_path);
	if (err == TD_OK && adb)
		err = config_set(cfg, "device.adb_server", adb);
	if (err == TD_OK && login_path)
		err = login_script_load(login_path, &login);
	if (err != TD_OK) {
		fprintf(stderr, "trident replay: %s\n", td_errmsg(err));
		rc = 2;
		goto out;
	}
	out_dir = out_arg ? xstrdup(out_arg) : xasprintf("%s/replay-%s", run, b.id ? b.id : id);
	if (mkdir(out_dir, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "trident replay: cannot create %s: %s\n", out_dir, strerror(errno));
		goto out;
	}
	err = device_open(spec, cfg, &dev);
	if (err != TD_OK) {
		fprintf(stderr, "trident replay: %s\n", td_errmsg(err));
		goto out;
	}
	steps = bug_step_actions(&b, 0);
	printf("replaying %s \"%s\" (%s): %zu steps from a clean start of %s on %s\n", b.id ? b.id : id,
	       b.title ? b.title : "", b.found_by ? b.found_by : "?", b.n_steps, pkg, spec);
	if (oracle) {
		struct replay_opts opts = { .clear_data = true, .login = login, .save_dir = out_dir,
					    .stop_off_path = true };
		double overlap = cfg && config_has(cfg, "oracles.display_overlap") ?
					 config_double(cfg, "oracles.display_overlap") : 0.3;

		td_error_clear();
		ok = replay_confirm_check_opts(dev, pkg, &opts, overlap, &b, steps, b.n_steps, 1, &title);
		if (ok)
			printf("reproduced: %s reports \"%s\" on the replayed screens\n", b.found_by, title ? title : "");
		else if (strstr(td_errmsg(TD_ERR_NOT_FOUND), "off the recorded path"))
			printf("not reproduced: %s\n", td_errmsg(TD_ERR_NOT_FOUND));
		else
			printf("not reproduced: %s does not report the bug on the replayed screens\n", b.found_by);
	} else {
		struct ui_align_params ap;
		struct bug_screen_check chk;
		struct replay_opts opts = { .clear_data = true, .login = login, .save_dir = out_dir,
					    .stop_off_path = true };
		struct replay_result r;

		err = ui_align_params_from_config(&ap, cfg);
		if (err == TD_OK)
			err = bug_screen_check_load(run, &b, &ap, &chk);
		if (err != TD_OK) {
			fprintf(stderr, "trident replay: %s\n", td_errmsg(err));
			goto out;
		}
		err = replay_run(dev, pkg, steps, b.n_steps, &opts, &r);
		if (err != TD_OK) {
			why = xasprintf("the replay stopped after %zu of %zu steps: %s", r.n_done, b.n_steps,
					td_errmsg(err));
		} else {
			ok = bug_screen_check_pass(&chk, r.screens[b.n_steps].tree, &why);
		}
		if (ok) {
			printf("reproduced: the screen after step %zu is the recorded bug screen", b.n_steps);
			for (size_t i = 0; i < chk.n_texts; i++)
				printf("%s\"%s\"", i ? ", " : " and shows ", chk.texts[i]);
			printf("\n");
		} else {
			printf("not reproduced: %s\n", why ? why : "the final screen differs");
		}
		replay_result_release(&r);
		bug_screen_check_release(&chk);
	}
	printf("screens: %s/0000.png (clean start) .. %s/%04zu.png (after the last step)\n", out_dir, out_dir,
	       b.n_steps);
	rc = ok ? 0 : 1;
out:
	free(steps);
	free(why);
	free(title);
	free(pkg);
	free(out_dir);
	bug_release(&b);
	login_script_free(login);
	if (dev)
		device_close(dev);
	config_free(cfg);
	return rc;
}
