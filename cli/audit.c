/*
 * audit.c - `trident audit`: test one functionality on demand and say pass
 * or fail, for CI. A script (--script FILE) drives the app through the
 * ordinary run (agents.h) with the script as the Explorer's brain, so every
 * deterministic oracle runs along the way; the outcome goes to audit.json,
 * JUnit XML and audit.html (agents/audit_report.h). docs/audit.md.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "agents/agents.h"
#include "agents/audit_design.h"
#include "agents/audit_report.h"
#include "agents/audit_script.h"
#include "agents/bugs.h"
#include "cli/cli.h"
#include "cli/cli_commands.h"
#include "core/config.h"
#include "core/strbuf.h"
#include "core/llm.h"
#include "core/log.h"
#include "core/xalloc.h"

static struct run *active_run;

static void on_signal(int sig)
{
	(void)sig;
	if (active_run)
		run_request_stop(active_run);
}

static void audit_usage(FILE *f)
{
	fprintf(f, "usage: trident audit --device SERIAL|sim:APP --out DIR (--script FILE | --design DIR |\n"
		   "                    --functionality TEXT) [options]\n\n"
		   "Audit one functionality on demand and say pass or fail (for CI). The script's\n"
		   "steps drive the app (widgets named by text, desc, hint or resource-id) and its\n"
		   "assertions check the screens; every deterministic oracle runs along the way.\n"
		   "Writes DIR/audit.json, DIR/audit-junit.xml, DIR/audit.html and the run's own\n"
		   "trace.jsonl, bugs.json and report.html. docs/audit.md has the script format.\n\n"
		   "options:\n"
		   "  --device SPEC     adb serial (or HOST:PORT), or sim:NAME / sim:NAME:fixed\n"
		   "  --package PKG     the installed app to audit (as in explore)\n"
		   "  --apk FILE        install FILE and audit it\n"
		   "  --adb-server H:P  the adb server (device.adb_server)\n"
		   "  --out DIR         run directory (created)\n"
		   "  --script FILE     the audit script (JSON)\n"
		   "  --design DIR      design mock-ups (DIR/design.json: screens and the designed process):\n"
		   "                    without --script, drive the app along the designed process and\n"
		   "                    compare every screen with its mock-up (GUIPilot): missing, extra,\n"
		   "                    changed text/type/state, moved or resized widgets, process breaks;\n"
		   "                    with --script, its \"screen\" assertions compare with these screens\n"
		   "  --functionality TEXT  audit one functionality in words with a model: the goal\n"
		   "                    reaches every Explorer request, the Monitor says when it is done,\n"
		   "                    the Detector judges it: pass, fail (with the bugs) or not reached\n"
		   "  --steps N         step budget of a --functionality audit (run.steps)\n"
		   "  --brain NAME      with --script/--design: the kind whose Monitor and Detector run\n"
		   "                    beside them (default offline: no model needed); with\n"
		   "                    --functionality: llm (default) or hybrid\n"
		   "  --config FILE     configuration file (see configs/default.json)\n"
		   "  --junit FILE      also write the JUnit XML to FILE\n"
		   "  --quiet           no status line\n"
		   "  --log-level L     trace, debug, info, warn, error, silent\n");
	fputs(llm_flags_help(), f);
	fprintf(f, "\nexit codes: 0 every check passed and no bug was reported; 1 a check failed or a bug\n"
		   "was reported; 2 usage or bad input (the script's errors name file, JSON path and\n"
		   "reason); 3 device lost; 4 model unusable; 5 write error; 6 other error; 130 interrupted.\n");
}



/* The exit code when the run could not start or ended on an error. */
static int error_exit_code(int err, const char *stop_reason)
{
	if (stop_reason && !strcmp(stop_reason, "interrupted"))
		return CLI_EXIT_INTERRUPTED;
	if (stop_reason && !strcmp(stop_reason, "device"))
		return CLI_EXIT_DEVICE;
	if (stop_reason && (!strcmp(stop_reason, "model") || !strcmp(stop_reason, "budget")))
		return CLI_EXIT_MODEL;
	return cli_exit_for_error(err);
}

/* A check object for audit.json. */
static cJSON *check_new(const char *suite, const char *name, const char *status, const char *message)
{
	cJSON *c = cJSON_CreateObject();
	cJSON_AddStringToObject(c, "suite", suite);
	cJSON_AddStringToObject(c, "name", name);
	cJSON_AddStringToObject(c, "status", status);
	if (message)
		cJSON_AddStringToObject(c, "message", message);
	return c;
}

/* One failing check per reported bug, or one passing "no bug" check. */
static void add_bug_checks(cJSON *checks, const cJSON *bugs)
{
	const cJSON *b;
	int n = 0;
	cJSON_ArrayForEach(b, bugs) {
		const char *title = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "title"));
		const char *by = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "found_by"));
		const char *desc = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "description"));
		const cJSON *step = cJSON_GetObjectItemCaseSensitive(b, "step");
		char *name = xasprintf("%s (%s)", title ? title : "bug", by ? by : "?");
		cJSON *c = check_new("bugs", name, "fail", desc ? desc : title);
		cJSON_AddStringToObject(c, "kind", "bug");
		if (cJSON_IsNumber(step))
			cJSON_AddNumberToObject(c, "step", step->valueint);
		cJSON_AddItemToArray(checks, c);
		free(name);
		n++;
	}
	if (!n)
		cJSON_AddItemToArray(checks, check_new("bugs", "no bug reported by the oracles", "pass", NULL));
}

/*
 * The Detector's verdicts from DIR/trace.jsonl: how many segments it judged,
 * and their functionality names (comma-separated into *names, caller frees).
 */
static int judged_segments(const char *dir, char **names)
{
	char *path = xasprintf("%s/trace.jsonl", dir), line[65536];
	FILE *f = fopen(path, "r");
	struct strbuf sb = STRBUF_INIT;
	int n = 0;

	while (f && fgets(line, sizeof line, f)) {
		cJSON *rec = cJSON_Parse(line);
		const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "type"));
		if (type && !strcmp(type, "detector") && !cJSON_GetObjectItemCaseSensitive(rec, "error") &&
		    !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rec, "deferred")) &&
		    /* the run's last, unfinished segment does not count as done */
		    !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rec, "final"))) {
			const char *fn = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "functionality"));
			const char *seg = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "segment"));
			(void)strbuf_addf(&sb, "%s%s", n ? ", " : "", fn ? fn : seg ? seg : "?");
			n++;
		}
		cJSON_Delete(rec);
	}
	if (f)
		fclose(f);
	free(path);
	*names = strbuf_detach(&sb, NULL);
	return n;
}

/*
 * --functionality TEXT: the model Explorer carries the goal out (agents.goal
 * reaches every Explorer request), the Monitor says when it is done, the
 * Detector judges it. Verdict: fail when a bug was reported, pass when the
 * Detector judged the functionality without one, else not reached.
 */
static int audit_functionality(struct config *cfg, struct run_options *o, const char *goal, const char *junit)
{
	struct run *r = NULL;
	cJSON *audit = NULL, *checks, *bugs, *runo, *c;
	struct run_stats st;
	struct sigaction sa, old_int, old_term;
	char *names = NULL, *msg = NULL;
	const char *verdict;
	int err, rc, judged, werr;

	if (config_set(cfg, "agents.goal", goal) != TD_OK) {
		fprintf(stderr, "trident audit: %s\n", td_errmsg(TD_ERR_CONFIG));
		return CLI_EXIT_USAGE;
	}
	if (!o->brain)
		o->brain = "llm";
	log_set_thread_name("controller");
	err = run_new(cfg, o, &r);
	if (err != TD_OK) {
		fprintf(stderr, "trident audit: %s\n", td_errmsg(err));
		return error_exit_code(err, NULL);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	active_run = r;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	err = run_execute(r);
	run_get_stats(r, &st);
	{
		cJSON *all = bug_list_to_json(agent_env_bugs(run_env(r)));
		bugs = cJSON_DetachItemFromObjectCaseSensitive(all, "bugs");
		cJSON_Delete(all);
		if (!bugs)
			bugs = cJSON_CreateArray();
	}
	judged = judged_segments(o->out_dir, &names);
	if (cJSON_GetArraySize(bugs) > 0) {
		verdict = "fail";
		msg = xasprintf("%d bug%s reported while auditing it (see bugs)", cJSON_GetArraySize(bugs),
				cJSON_GetArraySize(bugs) == 1 ? "" : "s");
	} else if (judged > 0) {
		verdict = "pass";
		msg = xasprintf("the Detector judged %s without a bug", names);
	} else {
		verdict = "not reached";
		msg = xasprintf("the Monitor never saw the functionality end within %d steps, so the Detector "
				"judged nothing", st.steps);
	}
	audit = cJSON_CreateObject();
	cJSON_AddStringToObject(audit, "audit", goal);
	cJSON_AddStringToObject(audit, "device", o->device_spec);
	cJSON_AddStringToObject(audit, "package", agent_env_package(run_env(r)));
	cJSON_AddStringToObject(audit, "functionality", goal);
	cJSON_AddStringToObject(audit, "brain", o->brain);
	runo = cJSON_AddObjectToObject(audit, "run");
	cJSON_AddStringToObject(runo, "dir", o->out_dir);
	cJSON_AddNumberToObject(runo, "steps", st.steps);
	cJSON_AddStringToObject(runo, "stop_reason", st.stop_reason);
	cJSON_AddNumberToObject(runo, "segments_judged", judged);
	checks = cJSON_AddArrayToObject(audit, "checks");
	c = check_new("functionality", goal, verdict, msg);
	cJSON_AddStringToObject(c, "kind", "functionality");
	cJSON_AddItemToArray(checks, c);
	add_bug_checks(checks, bugs);
	cJSON_AddStringToObject(audit, "verdict", verdict);
	cJSON_AddItemToObject(audit, "bugs", bugs);
	werr = audit_report_write(o->out_dir, audit, junit);
	if (werr != TD_OK)
		fprintf(stderr, "trident audit: %s\n", td_errmsg(werr));
	printf("audit \"%s\": %s (%s; %d steps, %d bugs)\n", goal,
	       !strcmp(verdict, "pass") ? "PASS" : !strcmp(verdict, "fail") ? "FAIL" : "NOT REACHED", msg, st.steps,
	       cJSON_GetArraySize(bugs));
	if (werr == TD_OK)
		printf("report: %s/audit.html\n", o->out_dir);
	if (run_abandoned(r) || (err != TD_OK && err != TD_ERR_INTERRUPTED) || strcmp(st.stop_reason, "steps"))
		rc = error_exit_code(err != TD_OK ? err : TD_ERR_INTERRUPTED, st.stop_reason);
	else if (werr != TD_OK)
		rc = CLI_EXIT_WRITE;
	else
		rc = !strcmp(verdict, "pass") ? CLI_EXIT_OK : CLI_EXIT_BUGS;
	if (err != TD_OK && err != TD_ERR_INTERRUPTED)
		fprintf(stderr, "trident audit: %s\n", td_errmsg(err));
	if (run_abandoned(r)) {
		fflush(stdout);
		fflush(stderr);
		_exit(rc);
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	active_run = NULL;
	cJSON_Delete(audit);
	free(names);
	free(msg);
	run_free(r);
	return rc;
}

int cmd_audit(int argc, char **argv)
{
	struct run_options o;
	struct config *cfg = NULL;
	struct run *r = NULL;
	struct audit_script *script = NULL;
	struct explorer_brain *eb = NULL;
	const char *config_path = NULL, *level = NULL, *script_path = NULL, *junit = NULL, *design_dir = NULL;
	const char *goal = NULL;
	struct audit_design *design = NULL;
	const char *sets[8][2];
	int n_sets = 0, err, rc = CLI_EXIT_USAGE, i;
	cJSON *audit = NULL;
	struct sigaction sa, old_int, old_term;
	bool handlers = false;

	run_options_init(&o);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			audit_usage(stdout);
			return 0;
		}
		if (cli_is_flag(argv[i], "--config") && !(config_path = cli_flag_value(argc, argv, &i, "--config"))) {
			fprintf(stderr, "trident audit: --config needs a file\n");
			return CLI_EXIT_USAGE;
		}
	}
	err = cli_config_load(&cfg, config_path);
	if (err != TD_OK) {
		fprintf(stderr, "trident audit: %s\n", td_errmsg(err));
		return CLI_EXIT_USAGE;
	}
	for (i = 1; i < argc; i++) {
		const char *v;
		int llm_rc;
		if (cli_is_flag(argv[i], "--config")) {
			(void)cli_flag_value(argc, argv, &i, "--config");
			continue;
		}
		llm_rc = llm_parse_flag(cfg, argc, argv, &i);
		if (llm_rc < 0) {
			fprintf(stderr, "trident audit: %s\n", td_errmsg(TD_ERR_CONFIG));
			goto out;
		}
		if (llm_rc > 0) {
			i--; /* llm_parse_flag advanced past the flag; the loop adds one */
			continue;
		}
#define NEED(name) \
	if (!(v = cli_flag_value(argc, argv, &i, name)) || !*v) { \
		fprintf(stderr, "trident audit: %s needs a value\n", name); \
		goto out; \
	}
		if (cli_is_flag(argv[i], "--device")) {
			NEED("--device");
			o.device_spec = v;
		} else if (cli_is_flag(argv[i], "--package")) {
			NEED("--package");
			o.package = v;
		} else if (cli_is_flag(argv[i], "--apk")) {
			NEED("--apk");
			o.apk = v;
		} else if (cli_is_flag(argv[i], "--adb-server") && n_sets < 4) {
			NEED("--adb-server");
			sets[n_sets][0] = "device.adb_server";
			sets[n_sets++][1] = v;
		} else if (cli_is_flag(argv[i], "--out")) {
			NEED("--out");
			o.out_dir = v;
		} else if (cli_is_flag(argv[i], "--script")) {
			NEED("--script");
			script_path = v;
		} else if (cli_is_flag(argv[i], "--design")) {
			NEED("--design");
			design_dir = v;
		} else if (cli_is_flag(argv[i], "--functionality")) {
			NEED("--functionality");
			goal = v;
		} else if (cli_is_flag(argv[i], "--steps")) {
			char *end;
			long long n;
			NEED("--steps");
			n = strtoll(v, &end, 10);
			if (*end || n < 1 || n > 100000) {
				fprintf(stderr, "trident audit: --steps needs a whole number from 1 to 100000, not '%s'\n", v);
				goto out;
			}
			o.steps = (int)n;
		} else if (cli_is_flag(argv[i], "--brain")) {
			NEED("--brain");
			o.brain = v;
		} else if (cli_is_flag(argv[i], "--junit")) {
			NEED("--junit");
			junit = v;
		} else if (cli_is_flag(argv[i], "--log-level")) {
			NEED("--log-level");
			level = v;
		} else if (!strcmp(argv[i], "--quiet")) {
			o.status = 0;
		} else {
			fprintf(stderr, "trident audit: unknown option '%s' (see --help)\n", argv[i]);
			goto out;
		}
#undef NEED
	}
	if (!o.device_spec || !o.out_dir) {
		fprintf(stderr, "trident audit: --device and --out are required (see --help)\n");
		goto out;
	}
	if (!script_path && !design_dir && !goal) {
		fprintf(stderr, "trident audit: nothing to audit: give --script FILE, --design DIR or "
			"--functionality TEXT (see --help)\n");
		goto out;
	}
	if (goal && (script_path || design_dir)) {
		fprintf(stderr, "trident audit: --functionality is audited by the model alone: give it without "
			"--script and --design\n");
		goto out;
	}
	if (goal && o.brain && strcmp(o.brain, "llm") && strcmp(o.brain, "hybrid") && strcmp(o.brain, "auto")) {
		fprintf(stderr, "trident audit: --functionality needs a model brain (--brain llm or hybrid), "
			"not --brain %s\n", o.brain);
		goto out;
	}
	if (level || config_string(cfg, "log.level")) {
		int lv = log_level_parse(level ? level : config_string(cfg, "log.level"));
		if (lv < 0) {
			fprintf(stderr, "trident audit: unknown log level '%s'\n", level ? level : "");
			goto out;
		}
		log_set_level((enum log_level)lv);
	}
	if (goal) {
		rc = audit_functionality(cfg, &o, goal, junit);
		goto out;
	}
	if (design_dir) {
		err = audit_design_load(design_dir, cfg, &design);
		if (err != TD_OK) {
			fprintf(stderr, "trident audit: %s\n", td_errmsg(err));
			goto out;
		}
	}
	if (script_path) {
		const char *const *names = NULL;
		size_t n_names = design ? audit_design_screen_names(design, &names) : 0;
		err = audit_script_load(script_path, names, n_names, &script);
		if (err != TD_OK) {
			fprintf(stderr, "trident audit: %s\n", td_errmsg(err));
			goto out;
		}
		if (design)
			audit_design_attach(design, script);
	} else {
		/* --design alone: walk the designed process. */
		script = audit_design_walk(design);
	}
	/* The script is the Explorer: no escape plugin may take its steps. */
	sets[n_sets][0] = "tarpit.enabled";
	sets[n_sets++][1] = "false";
	sets[n_sets][0] = "loops.enabled";
	sets[n_sets++][1] = "false";
	for (int k = 0; k < n_sets; k++)
		if (config_set(cfg, sets[k][0], sets[k][1]) != TD_OK) {
			fprintf(stderr, "trident audit: %s\n", td_errmsg(TD_ERR_CONFIG));
			goto out;
		}
	if (!o.brain)
		o.brain = "offline";
	o.steps = audit_script_actions(script);
	if (audit_script_brain_new(script, &eb) != TD_OK)
		goto out;
	o.explorer_brain = eb;
	log_set_thread_name("controller");
	err = run_new(cfg, &o, &r);
	eb = NULL; /* the run owns it now, also on failure */
	if (err != TD_OK) {
		fprintf(stderr, "trident audit: %s\n", td_errmsg(err));
		rc = error_exit_code(err, NULL);
		goto out;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	active_run = r;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	handlers = true;
	err = run_execute(r);
	{
		struct run_stats st;
		cJSON *checks, *bugs, *res, *c, *runo;
		bool pass;
		int werr;

		run_get_stats(r, &st);
		{
			/* bug_list_to_json gives {"bugs": [...]}: keep the array. */
			cJSON *all = bug_list_to_json(agent_env_bugs(run_env(r)));
			bugs = cJSON_DetachItemFromObjectCaseSensitive(all, "bugs");
			cJSON_Delete(all);
			if (!bugs)
				bugs = cJSON_CreateArray();
		}
		audit = cJSON_CreateObject();
		cJSON_AddStringToObject(audit, "audit", audit_script_name(script));
		cJSON_AddStringToObject(audit, "device", o.device_spec);
		cJSON_AddStringToObject(audit, "package", agent_env_package(run_env(r)));
		if (script_path)
			cJSON_AddStringToObject(audit, "script", script_path);
		runo = cJSON_AddObjectToObject(audit, "run");
		cJSON_AddStringToObject(runo, "dir", o.out_dir);
		cJSON_AddNumberToObject(runo, "steps", st.steps);
		cJSON_AddStringToObject(runo, "stop_reason", st.stop_reason);
		checks = cJSON_AddArrayToObject(audit, "checks");
		res = audit_script_results(script);
		while ((c = cJSON_DetachItemFromArray(res, 0))) {
			const char *status = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "status"));
			/* Screen assertions that ran and the design walk are reported by the design's checks. */
			if (design && (!script_path || (cJSON_GetObjectItemCaseSensitive(c, "design") &&
							(!strcmp(status, "pass") || !strcmp(status, "fail"))))) {
				cJSON_Delete(c);
				continue;
			}
			const char *path = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "path"));
			const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "name"));
			char *full = xasprintf("%s: %s", path, name);
			cJSON_AddStringToObject(c, "suite", "script");
			cJSON_ReplaceItemInObjectCaseSensitive(c, "name", cJSON_CreateString(full));
			free(full);
			cJSON_AddItemToArray(checks, c);
		}
		cJSON_Delete(res);
		if (design) {
			cJSON *dc = audit_design_checks(design, !script_path);
			while ((c = cJSON_DetachItemFromArray(dc, 0)))
				cJSON_AddItemToArray(checks, c);
			cJSON_Delete(dc);
			cJSON_AddStringToObject(audit, "design", design_dir);
			cJSON_AddNumberToObject(audit, "inconsistencies", audit_design_inconsistencies(design));
			int cerr = audit_design_copy_pngs(design, o.out_dir);

			if (cerr != TD_OK)
				fprintf(stderr, "trident audit: %s\n", td_errmsg(cerr));
		}
		add_bug_checks(checks, bugs);
		pass = audit_script_passed(script) && cJSON_GetArraySize(bugs) == 0 &&
		       (!design || audit_design_inconsistencies(design) == 0);
		cJSON_AddStringToObject(audit, "verdict", pass ? "pass" : "fail");
		cJSON_AddItemToObject(audit, "bugs", bugs);
		werr = audit_report_write(o.out_dir, audit, junit);
		if (werr != TD_OK)
			fprintf(stderr, "trident audit: %s\n", td_errmsg(werr));
		{
			int n = 0, nf = 0;
			cJSON_ArrayForEach(c, checks) {
				const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "status"));
				n++;
				if (strcmp(s, "pass")) {
					nf++;
					printf("%s %s: %s\n", strcmp(s, "fail") ? "SKIP" : "FAIL",
					       cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "name")),
					       cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "message"))
						       ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "message")) : "");
				}
			}
			printf("audit \"%s\": %s (%d of %d checks passed, %d steps, %d bugs)\n",
			       audit_script_name(script), pass ? "PASS" : "FAIL", n - nf, n, st.steps,
			       cJSON_GetArraySize(bugs));
		}
		if (werr == TD_OK)
			printf("report: %s/audit.html\n", o.out_dir);
		if (run_abandoned(r) || (err != TD_OK && err != TD_ERR_INTERRUPTED) ||
		    strcmp(st.stop_reason, "steps"))
			rc = error_exit_code(err != TD_OK ? err : TD_ERR_INTERRUPTED, st.stop_reason);
		else if (werr != TD_OK)
			rc = CLI_EXIT_WRITE;
		else
			rc = pass ? CLI_EXIT_OK : CLI_EXIT_BUGS;
		if (err != TD_OK && err != TD_ERR_INTERRUPTED)
			fprintf(stderr, "trident audit: %s\n", td_errmsg(err));
	}
	if (run_abandoned(r)) {
		fflush(stdout);
		fflush(stderr);
		_exit(rc);
	}
out:
	if (handlers) {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
		active_run = NULL;
	}
	cJSON_Delete(audit);
	run_free(r);
	if (eb)
		eb->free(eb);
	audit_script_free(script);
	audit_design_free(design);
	config_free(cfg);
	return rc;
}
