/*
 * explore.c - `trident explore`: parse the flags, build a run, handle SIGINT,
 * print where the results are.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "agents/agents.h"
#include "agents/report.h"
#include "agents/run_record.h"
#include "cli/cli.h"
#include "cli/cli_commands.h"
#include "core/blocklist.h"
#include "core/config.h"
#include "core/llm.h"
#include "core/log.h"
#include "core/xalloc.h"

static struct run *active_run;
static volatile sig_atomic_t signals_seen;

/*
 * First SIGINT/SIGTERM: stop the run (model calls are cancelled, reports
 * written). Second: quit at once; trace.jsonl and bugs.json are written as
 * records arrive, so nothing recorded is lost.
 */
static void on_sigint(int sig)
{
	static const char msg[] = "\ntrident explore: interrupted again, quitting now "
				  "(trace.jsonl and bugs.json hold what was recorded)\n";
	(void)sig;
	if (signals_seen++ && active_run) {
		if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0) {
			/* nothing to do: we are leaving */
		}
		_exit(CLI_EXIT_INTERRUPTED);
	}
	if (active_run)
		run_request_stop(active_run);
}


/* The exit code for a finished run (CLI_EXIT_CODES in cli.h). */
static int run_exit_code(int err, const struct run_stats *st, bool abandoned, bool fail_on_bugs)
{
	if (abandoned || err == TD_ERR_INTERRUPTED || !strcmp(st->stop_reason, "interrupted"))
		return CLI_EXIT_INTERRUPTED;
	if (err == TD_ERR_IO || !strcmp(st->stop_reason, "write"))
		return CLI_EXIT_WRITE;
	if (!strcmp(st->stop_reason, "device"))
		return CLI_EXIT_DEVICE;
	if (!strcmp(st->stop_reason, "model") || !strcmp(st->stop_reason, "budget"))
		return CLI_EXIT_MODEL;
	if (err != TD_OK)
		return CLI_EXIT_ERROR;
	if (fail_on_bugs && st->bugs > 0)
		return CLI_EXIT_BUGS;
	return CLI_EXIT_OK;
}

static void explore_usage(FILE *f)
{
	size_t n;
	const struct brain_kind *const *k = brain_kinds(&n);
	fprintf(f, "usage: trident explore --device SERIAL|sim:APP --out DIR [--package PKG | --apk FILE] [options]\n"
		   "       trident explore --resume DIR [options]\n\n"
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
		   "  --uninstall-after pm uninstall the --apk app once the reports are written (default\n"
		   "                    --keep: it stays installed, e.g. for trident replay); a failed\n"
		   "                    uninstall exits 3\n"
		   "  --adb-server H:P  the adb server (device.adb_server); never started by trident\n"
		   "  --out DIR         run directory (created)\n"
		   "  --resume DIR      continue a killed run's remaining step budget on a fresh app\n"
		   "                    start (same device, brain, seed and blocklist unless given), in DIR/resume-K/;\n"
		   "                    DIR's bugs.json, summary.json and report.html then cover all parts\n"
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
		   "  --junit FILE      also write JUnit XML: a testsuite for the run, a testcase per\n"
		   "                    functionality, a failure per bug with its reproduction steps\n"
		   "  --block PATTERN   never act on matching widgets or activities (repeatable; adds to\n"
		   "                    run.block): text:GLOB, id:GLOB, activity:GLOB, a bare GLOB is text;\n"
		   "                    case-insensitive globs: --block 'text:Log out' --block 'id:*delete*'\n"
		   "  --fail-on-bugs    exit 1 when the run reports a bug (for CI)\n"
		   "  --quiet           no status line\n"
		   "  --log-level L     trace, debug, info, warn, error, silent\n");
	fputs(llm_flags_help(), f);
	fprintf(f, "\nbrains:\n");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "  %-10s %s\n", k[i]->name, k[i]->summary);
	fprintf(f, "\nCtrl-C (or SIGTERM) cancels the model and device calls in flight, finishes the current step,\n"
		   "writes the reports and exits 130 within a few seconds; a second Ctrl-C quits at once.\n"
		   "After kill -9, `trident report DIR` rebuilds them from DIR/trace.jsonl.\n\n");
	cli_exit_codes_help(f);
}



/*
 * --resume DIR: the remaining budget of DIR's run, its device, brain and seed
 * (unless given), and the next DIR/resume-K as the run directory. 0, or the
 * exit status for an error (printed).
 */
static int resume_options(const char *dir, struct config *cfg, struct run_options *o, char **part_dir,
			  char **device, char **brain)
{
	struct run_record *rec = NULL;
	const struct cJSON *start;
	int err = run_record_load(dir, &rec), done, budget, rc = 0;
	struct stat st;

	if (err != TD_OK) {
		fprintf(stderr, "trident explore: --resume: %s\n", td_errmsg(err));
		return 2;
	}
	start = run_record_start(rec);
	done = run_record_last_step(rec);
	budget = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(start, "step_budget"));
	if (run_record_finished(rec)) {
		fprintf(stderr, "trident explore: --resume: the run in %s finished (it has a run_end record); "
			"only a killed run can be resumed\n", dir);
		rc = 2;
		goto out;
	}
	if (done >= budget) {
		fprintf(stderr, "trident explore: --resume: the run in %s already took its %d steps; "
			"`trident report %s` writes its reports\n", dir, budget, dir);
		rc = 2;
		goto out;
	}
	if (!o->device_spec && cJSON_GetStringValue(cJSON_GetObjectItem(start, "device")))
		o->device_spec = *device = xstrdup(cJSON_GetStringValue(cJSON_GetObjectItem(start, "device")));
	if (!o->brain && cJSON_GetStringValue(cJSON_GetObjectItem(start, "brain")))
		o->brain = *brain = xstrdup(cJSON_GetStringValue(cJSON_GetObjectItem(start, "brain")));
	if (o->seed < 0 && cJSON_IsNumber(cJSON_GetObjectItem(start, "seed")))
		o->seed = (long long)cJSON_GetNumberValue(cJSON_GetObjectItem(start, "seed"));
	if (o->steps <= 0)
		o->steps = budget - done;
	if (!cJSON_GetArraySize(config_node(cfg, "run.block"))) {
		/* The killed run's blocklist, unless one is given now. */
		const cJSON *it;
		cJSON_ArrayForEach(it, cJSON_GetObjectItem(start, "block"))
			if (!cJSON_IsString(it) || config_append_string(cfg, "run.block", it->valuestring) != TD_OK) {
				fprintf(stderr, "trident explore: --resume: %s/trace.jsonl: run_start.block: %s\n", dir,
					td_errmsg(TD_ERR_CONFIG));
				rc = 2;
				goto out;
			}
	}
	/* The first part directory without a started run (an empty one is reused). */
	for (int k = run_record_parts(rec) + 1; ; k++) {
		char *trace;
		free(*part_dir);
		*part_dir = run_record_part_dir(dir, k);
		trace = xasprintf("%s/trace.jsonl", *part_dir);
		if (stat(trace, &st) != 0 || st.st_size == 0) {
			free(trace);
			break;
		}
		free(trace);
	}
	o->out_dir = *part_dir;
	fprintf(stderr, "resuming %s after step %d: %d more steps in %s\n", dir, done, o->steps, *part_dir);
out:
	run_record_free(rec);
	return rc;
}

int cmd_explore(int argc, char **argv)
{
	struct run_options o;
	struct config *cfg = NULL;
	struct run *r = NULL;
	const char *config_path = NULL, *level = NULL, *resume = NULL;
	char *part_dir = NULL, *resume_device = NULL, *resume_brain = NULL;
	const char *sets[12][2];
	int n_sets = 0, err, rc = 1, i;
	bool fail_on_bugs = false, uninstall_after = false;
	struct sigaction sa, old;

	run_options_init(&o);
	/* First pass: --config, so that flags override the file. */
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			explore_usage(stdout);
			return 0;
		}
		if (cli_is_flag(argv[i], "--config")) {
			config_path = cli_flag_value(argc, argv, &i, "--config");
			if (!config_path) {
				fprintf(stderr, "trident explore: --config needs a file\n");
				return 2;
			}
		}
	}
	err = cli_config_load(&cfg, config_path);
	if (err != TD_OK) {
		fprintf(stderr, "trident explore: %s\n", td_errmsg(err));
		return 2;
	}
	for (i = 1; i < argc; i++) {
		const char *v;
		int llm_rc;
		char *end;
		if (cli_is_flag(argv[i], "--config")) {
			(void)cli_flag_value(argc, argv, &i, "--config");
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
	if (!(v = cli_flag_value(argc, argv, &i, name))) { \
		fprintf(stderr, "trident explore: %s needs a value\n", name); \
		rc = 2; \
		goto out; \
	}
		if (cli_is_flag(argv[i], "--device")) {
			NEED("--device");
			o.device_spec = v;
		} else if (cli_is_flag(argv[i], "--resume")) {
			NEED("--resume");
			resume = v;
		} else if (cli_is_flag(argv[i], "--package")) {
			NEED("--package");
			o.package = v;
		} else if (cli_is_flag(argv[i], "--apk")) {
			NEED("--apk");
			o.apk = v;
		} else if (!strcmp(argv[i], "--grant-permissions")) {
			o.grant_permissions = true;
		} else if (!strcmp(argv[i], "--uninstall-after")) {
			uninstall_after = true;
		} else if (!strcmp(argv[i], "--keep")) {
			uninstall_after = false;
		} else if (cli_is_flag(argv[i], "--adb-server") && n_sets < 12) {
			NEED("--adb-server");
			sets[n_sets][0] = "device.adb_server";
			sets[n_sets++][1] = v;
		} else if (cli_is_flag(argv[i], "--out")) {
			NEED("--out");
			o.out_dir = v;
		} else if (cli_is_flag(argv[i], "--brain")) {
			NEED("--brain");
			o.brain = v;
		} else if (cli_is_flag(argv[i], "--steps")) {
			NEED("--steps");
			long long n = strtoll(v, &end, 10);
			o.steps = n >= 1 && n <= 10000000 ? (int)n : 0;
			if (*end || !*v || !o.steps) {
				fprintf(stderr, "trident explore: --steps needs a whole number from 1 to 10000000, "
					"not '%s'\n", v);
				rc = 2;
				goto out;
			}
		} else if (cli_is_flag(argv[i], "--minutes")) {
			NEED("--minutes");
			o.minutes = strtod(v, &end);
			if (*end || !*v || !(o.minutes >= 0 && o.minutes <= 525600)) {
				fprintf(stderr, "trident explore: --minutes needs a number from 0 to 525600 "
					"(a year), not '%s'\n", v);
				rc = 2;
				goto out;
			}
		} else if (cli_is_flag(argv[i], "--seed")) {
			NEED("--seed");
			errno = 0;
			o.seed = strtoll(v, &end, 10);
			if (*end || !*v || errno == ERANGE || o.seed < 0 || o.seed > 2147483647) {
				fprintf(stderr, "trident explore: --seed needs a whole number from 0 to 2147483647, "
					"not '%s'\n", v);
				rc = 2;
				goto out;
			}
		} else if (cli_is_flag(argv[i], "--junit")) {
			NEED("--junit");
			if (!*v) {
				fprintf(stderr, "trident explore: --junit needs a file name\n");
				rc = 2;
				goto out;
			}
			o.junit_path = v;
		} else if (cli_is_flag(argv[i], "--log-level")) {
			NEED("--log-level");
			level = v;
		} else if (!strcmp(argv[i], "--separate-monitor") && n_sets < 12) {
			sets[n_sets][0] = "agents.merged_request";
			sets[n_sets++][1] = "false";
		} else if (!strcmp(argv[i], "--no-pause") && n_sets < 12) {
			sets[n_sets][0] = "agents.pause_explorer_while_detecting";
			sets[n_sets++][1] = "false";
		} else if (cli_is_flag(argv[i], "--login") && n_sets < 12) {
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
		} else if (cli_is_flag(argv[i], "--block")) {
			char *why;
			NEED("--block");
			why = blocklist_pattern_error(v);
			if (why) {
				fprintf(stderr, "trident explore: --block '%s': %s\n", v, why);
				free(why);
				rc = 2;
				goto out;
			}
			if (config_append_string(cfg, "run.block", v) != TD_OK)
				goto config_error;
		} else if (!strcmp(argv[i], "--fail-on-bugs")) {
			fail_on_bugs = true;
		} else if (!strcmp(argv[i], "--quiet")) {
			o.status = 0;
		} else {
			fprintf(stderr, "trident explore: unknown option '%s' (see --help)\n", argv[i]);
			rc = 2;
			goto out;
		}
#undef NEED
	}
	if (resume) {
		if (o.out_dir) {
			fprintf(stderr, "trident explore: --resume DIR writes into DIR; --out is not needed\n");
			rc = 2;
			goto out;
		}
		rc = resume_options(resume, cfg, &o, &part_dir, &resume_device, &resume_brain);
		if (rc)
			goto out;
	}
	if (uninstall_after && !o.apk) {
		fprintf(stderr, "trident explore: --uninstall-after removes the app that --apk installed; without "
			"--apk the app was on the device before the run and is kept\n");
		rc = 2;
		goto out;
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
		if ((err = config_set(cfg, sets[k][0], sets[k][1])) != TD_OK)
			goto config_error;
	if (config_bool(cfg, "agents.record_llm") && (err = config_set(cfg, "llm.record", "true")) != TD_OK)
		goto config_error;
	log_set_thread_name("controller");
	err = run_new(cfg, &o, &r);
	if (err != TD_OK) {
		fprintf(stderr, "trident explore: %s\n", td_errmsg(err));
		/* a bad configuration, or no app named with the home screen in front: 2 */
		rc = cli_exit_for_error(err);
		goto out;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	active_run = r;
	sigaction(SIGINT, &sa, &old);
	sigaction(SIGTERM, &sa, NULL);
	err = run_execute(r);
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
		if (resume) {
			/* The whole run's reports, all parts together. */
			cJSON *sum = NULL;
			int rerr = report_rebuild(resume, o.junit_path, &sum);
			if (rerr != TD_OK) {
				fprintf(stderr, "trident explore: %s\n", td_errmsg(rerr));
				if (err == TD_OK)
					err = rerr;
			} else {
				printf("whole run: %d of %d steps, %d bugs\n",
				       (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sum, "steps")),
				       (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sum, "step_budget")),
				       (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sum, "bugs")));
			}
			cJSON_Delete(sum);
		}
		/* Only a path that was written. */
		if (st.reports_written)
			printf("report: %s/report.html\n", resume ? resume : o.out_dir);
		else
			printf("no report: the reports could not be written; %s/trace.jsonl holds the run\n",
			       o.out_dir);
		if (err != TD_OK && err != TD_ERR_INTERRUPTED)
			fprintf(stderr, "trident explore: %s\n", td_errmsg(err));
		rc = run_exit_code(err, &st, run_abandoned(r), fail_on_bugs);
		if (uninstall_after && !run_abandoned(r)) {
			int uerr = run_uninstall_app(r);
			if (uerr == TD_OK) {
				printf("uninstalled %s (--uninstall-after)\n", run_env(r) ? agent_env_package(run_env(r)) : "");
			} else {
				fprintf(stderr, "trident explore: --uninstall-after: %s\n", td_errmsg(uerr));
				if (rc == CLI_EXIT_OK)
					rc = CLI_EXIT_DEVICE;
			}
		}
	}
	if (run_abandoned(r)) {
		/* Agent threads still hold the run: leave without freeing it. */
		fflush(stdout);
		fflush(stderr);
		_exit(rc);
	}
	sigaction(SIGINT, &old, NULL);
	active_run = NULL;
	goto out;
config_error:
	fprintf(stderr, "trident explore: %s\n", td_errmsg(err));
	rc = 2;
out:
	run_free(r);
	config_free(cfg);
	free(part_dir);
	free(resume_device);
	free(resume_brain);
	return rc;
}
