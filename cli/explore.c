/*
 * explore.c - `trident explore`: parse the flags, build a run, handle SIGINT,
 * print where the results are.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agents.h"
#include "cli/cli_commands.h"
#include "core/config.h"
#include "core/llm.h"
#include "core/log.h"
#include "core/xalloc.h"

static struct run *active_run;

static void on_sigint(int sig)
{
	(void)sig;
	if (active_run)
		run_request_stop(active_run);
}

static void explore_usage(FILE *f)
{
	size_t n;
	const struct brain_kind *const *k = brain_kinds(&n);
	fprintf(f, "usage: trident explore --device SERIAL|sim:APP --out DIR [--package PKG | --apk FILE] [options]\n\n"
		   "Explore an app with the Explorer, Monitor and Detector agents and report\n"
		   "non-crash functional bugs into DIR (trace.jsonl, steps/, bugs.json,\n"
		   "report.html, summary.json).\n\n"
		   "options:\n"
		   "  --device SPEC     adb serial (or HOST:PORT), or sim:NAME / sim:NAME:fixed / sim:PATH.apk\n"
		   "                    for the simulator\n"
		   "  --package PKG     the installed app to explore: it is launched, its APK pulled\n"
		   "                    (pm path + sync) and its manifest read with aapt\n"
		   "  --apk FILE        install FILE (sync push + pm install), read its manifest, explore it\n"
		   "                    (without --package/--apk: the app in the foreground; the home\n"
		   "                    screen in front is a usage error)\n"
		   "  --grant-permissions  install with -g: the manifest's runtime permissions granted\n"
		   "  --adb-server H:P  the adb server (device.adb_server); never started by trident\n"
		   "  --out DIR         run directory (created)\n"
		   "  --brain NAME      auto (default: llm when a model is configured, else offline)");
	for (size_t i = 0; i < n; i++)
		fprintf(f, ", %s", k[i]->name);
	fprintf(f, "\n  --steps N         step budget (run.steps)\n"
		   "  --minutes M       wall-clock budget in minutes (run.minutes; 0 = none)\n"
		   "  --seed S          seed for the offline and random brains (run.seed)\n"
		   "  --config FILE     configuration file (see configs/default.json)\n"
		   "  --separate-monitor  one Monitor request per step instead of the merged request\n"
		   "  --no-pause        keep exploring while the Detector judges a functionality\n"
		   "  --login FILE      login/precondition script run after every app start (offline.login)\n"
		   "  --confirm         replay every bug, also model verdicts, and report it only when\n"
		   "                    it reproduces (offline.confirm; oracle bugs are always replayed)\n"
		   "  --quiet           no status line\n"
		   "  --log-level L     trace, debug, info, warn, error, silent\n");
	fputs(llm_flags_help(), f);
	fprintf(f, "\nbrains:\n");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "  %-10s %s\n", k[i]->name, k[i]->summary);
	fprintf(f, "\nCtrl-C finishes the current step, writes the reports and exits.\n");
}

/* The value of a flag (argv[i+1] or after '='); NULL when missing. */
static const char *flag_value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);
	if (!strncmp(argv[*i], name, n) && argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (strcmp(argv[*i], name))
		return NULL;
	if (*i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

/* Whether argv[i] is `name` or `name=...`. */
static int is_flag(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return !strncmp(arg, name, n) && (arg[n] == '\0' || arg[n] == '=');
}

int cmd_explore(int argc, char **argv)
{
	struct run_options o;
	struct config *cfg = NULL;
	struct run *r = NULL;
	const char *config_path = NULL, *level = NULL;
	const char *sets[12][2];
	int n_sets = 0, err, rc = 1, i;
	struct sigaction sa, old;

	run_options_init(&o);
	/* First pass: --config, so that flags override the file. */
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			explore_usage(stdout);
			return 0;
		}
		if (is_flag(argv[i], "--config")) {
			config_path = flag_value(argc, argv, &i, "--config");
			if (!config_path) {
				fprintf(stderr, "trident explore: --config needs a file\n");
				return 2;
			}
		}
	}
	err = config_load(&cfg, config_path);
	if (err != TD_OK) {
		fprintf(stderr, "trident explore: %s\n", td_errmsg(err));
		return 2;
	}
	for (i = 1; i < argc; i++) {
		const char *v;
		int llm_rc;
		char *end;
		if (is_flag(argv[i], "--config")) {
			(void)flag_value(argc, argv, &i, "--config");
			continue;
		}
		llm_rc = llm_parse_flag(cfg, argc, argv, &i);
		if (llm_rc < 0) {
			fprintf(stderr, "trident explore: %s\n", td_errmsg(TD_ERR_CONFIG));
			rc = 2;
			goto out;
		}
		if (llm_rc > 0) {
			i--; /* llm_parse_flag advanced past the flag; the loop adds one */
			continue;
		}
#define NEED(name) \
	if (!(v = flag_value(argc, argv, &i, name))) { \
		fprintf(stderr, "trident explore: %s needs a value\n", name); \
		rc = 2; \
		goto out; \
	}
		if (is_flag(argv[i], "--device")) {
			NEED("--device");
			o.device_spec = v;
		} else if (is_flag(argv[i], "--package")) {
			NEED("--package");
			o.package = v;
		} else if (is_flag(argv[i], "--apk")) {
			NEED("--apk");
			o.apk = v;
		} else if (!strcmp(argv[i], "--grant-permissions")) {
			o.grant_permissions = true;
		} else if (is_flag(argv[i], "--adb-server") && n_sets < 12) {
			NEED("--adb-server");
			sets[n_sets][0] = "device.adb_server";
			sets[n_sets++][1] = v;
		} else if (is_flag(argv[i], "--out")) {
			NEED("--out");
			o.out_dir = v;
		} else if (is_flag(argv[i], "--brain")) {
			NEED("--brain");
			o.brain = v;
		} else if (is_flag(argv[i], "--steps")) {
			NEED("--steps");
			o.steps = (int)strtol(v, &end, 10);
			if (*end || o.steps <= 0) {
				fprintf(stderr, "trident explore: --steps needs a positive number, not '%s'\n", v);
				rc = 2;
				goto out;
			}
		} else if (is_flag(argv[i], "--minutes")) {
			NEED("--minutes");
			o.minutes = strtod(v, &end);
			if (*end || o.minutes < 0) {
				fprintf(stderr, "trident explore: --minutes needs a number >= 0, not '%s'\n", v);
				rc = 2;
				goto out;
			}
		} else if (is_flag(argv[i], "--seed")) {
			NEED("--seed");
			o.seed = strtoll(v, &end, 10);
			if (*end || o.seed < 0) {
				fprintf(stderr, "trident explore: --seed needs a number >= 0, not '%s'\n", v);
				rc = 2;
				goto out;
			}
		} else if (is_flag(argv[i], "--log-level")) {
			NEED("--log-level");
			level = v;
		} else if (!strcmp(argv[i], "--separate-monitor") && n_sets < 12) {
			sets[n_sets][0] = "agents.merged_request";
			sets[n_sets++][1] = "false";
		} else if (!strcmp(argv[i], "--no-pause") && n_sets < 12) {
			sets[n_sets][0] = "agents.pause_explorer_while_detecting";
			sets[n_sets++][1] = "false";
		} else if (is_flag(argv[i], "--login") && n_sets < 12) {
			NEED("--login");
			if (!*v) {
				fprintf(stderr, "trident explore: --login needs a file name\n");
				rc = 2;
				goto out;
			}
			sets[n_sets][0] = "offline.login";
			sets[n_sets++][1] = v;
		} else if (!strcmp(argv[i], "--confirm") && n_sets < 12) {
			sets[n_sets][0] = "offline.confirm";
			sets[n_sets++][1] = "true";
		} else if (!strcmp(argv[i], "--quiet")) {
			o.status = 0;
		} else {
			fprintf(stderr, "trident explore: unknown option '%s' (see --help)\n", argv[i]);
			rc = 2;
			goto out;
		}
#undef NEED
	}
	if (!o.device_spec || !o.out_dir) {
		fprintf(stderr, "trident explore: --device and --out are required (see --help)\n");
		rc = 2;
		goto out;
	}
	if (level) {
		int lv = log_level_parse(level);
		if (lv < 0) {
			fprintf(stderr, "trident explore: unknown log level '%s'\n", level);
			rc = 2;
			goto out;
		}
		log_set_level((enum log_level)lv);
	} else if (config_string(cfg, "log.level")) {
		int lv = log_level_parse(config_string(cfg, "log.level"));
		if (lv >= 0)
			log_set_level((enum log_level)lv);
	}
	for (int k = 0; k < n_sets; k++)
		if (config_set(cfg, sets[k][0], sets[k][1]) != TD_OK)
			goto config_error;
	if (config_bool(cfg, "agents.record_llm") && config_set(cfg, "llm.record", "true") != TD_OK)
		goto config_error;
	log_set_thread_name("controller");
	err = run_new(cfg, &o, &r);
	if (err != TD_OK) {
		fprintf(stderr, "trident explore: %s\n", td_errmsg(err));
		/* a bad configuration, or no app named with the home screen in front */
		rc = err == TD_ERR_CONFIG || err == TD_ERR_INVALID ? 2 : 1;
		goto out;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	active_run = r;
	sigaction(SIGINT, &sa, &old);
	sigaction(SIGTERM, &sa, NULL);
	err = run_execute(r);
	sigaction(SIGINT, &old, NULL);
	active_run = NULL;
	{
		struct run_stats st;
		run_get_stats(r, &st);
		if (st.activities_total > 0)
			printf("%d steps, %d screens, %d/%d activities, %d functionalities, %d bugs (stopped: %s)\n",
			       st.steps, st.screens, st.activities, st.activities_total, st.functionalities,
			       st.bugs, st.stop_reason);
		else
			printf("%d steps, %d screens, %d activities seen (activities unknown: no manifest), "
			       "%d functionalities, %d bugs (stopped: %s)\n", st.steps, st.screens, st.activities,
			       st.functionalities, st.bugs, st.stop_reason);
		printf("report: %s/report.html\n", o.out_dir);
	}
	if (err != TD_OK)
		fprintf(stderr, "trident explore: %s\n", td_errmsg(err));
	rc = err == TD_OK ? 0 : 1;
	goto out;
config_error:
	fprintf(stderr, "trident explore: %s\n", td_errmsg(TD_ERR_CONFIG));
	rc = 2;
out:
	run_free(r);
	config_free(cfg);
	return rc;
}
