/*
 * campaign.c - `trident campaign FILE` and `trident campaign merge`.
 *
 * DESIGN. The campaign file (agents/campaign.h) expands into runs (app x
 * seed). This scheduler runs them on the listed devices, one run per device
 * at a time, each run in a worker process: fork, then exec of this same
 * binary as `trident explore ...` with its output in OUT/logs/. A run that
 * crashes, hangs on a device or runs out of memory takes only its own
 * process down; the scheduler sees an exit code (cli.h's table) or a signal
 * and records it. The scheduler itself is one thread that polls: start what
 * can start, reap children (wait4 also gives each run's CPU time and peak
 * RSS), probe lost devices, print the progress line, sleep 100 ms.
 *
 * Device loss: `explore` exits 3 when its device was gone for longer than
 * device.reconnect_ms. The run goes back to the queue (a new attempt in a
 * new directory; the old one's bugs still count) unless it already had
 * 1 + retries attempts, and then it is failed with the reason. The device is
 * marked down and probed (in a forked child: host:connect for HOST:PORT
 * serials, then an `echo` through the adb server) every second; runs go to
 * it again once it answers. A device down longer than device_wait_s is
 * given up: runs that no other device can take are failed with the reason.
 *
 * State: OUT/campaign.json is rewritten (temporary file + rename) on every
 * change of a run's state, and index.html / junit.xml after every finished
 * run. Workers die with the scheduler (PR_SET_PDEATHSIG), so after kill -9
 * `--resume` finds "running" runs whose trace.jsonl has no run_end: a run
 * with steps left is continued (`explore --resume DIR`), one that took its
 * whole budget gets its reports rebuilt (report_rebuild, as `trident
 * report` does), one that never started is started again.
 *
 * Ctrl-C / SIGTERM: forwarded once to every worker (each in its own process
 * group, so the terminal's SIGINT does not reach them twice); they finish
 * their step and write their reports; the scheduler waits for them, writes
 * everything and exits 130. A second Ctrl-C is forwarded too (workers then
 * quit at once; their trace holds what they recorded).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "agents/campaign.h"
#include "agents/report.h"
#include "agents/run_record.h"
#include "cli/cli.h"
#include "cli/cli_commands.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/adb_client.h"

static volatile sig_atomic_t stop_signals;

static void on_stop_signal(int sig)
{
	(void)sig;
	stop_signals++;
}

enum mode { MODE_FRESH, MODE_RESUME };

struct slot {
	const struct campaign_device *dev;
	pid_t pid;              /* the worker on it, 0 when idle */
	size_t run;             /* the run it works on */
	bool down;
	double down_since;
	double next_probe;
	pid_t probe_pid;
	bool given_up;          /* down longer than device_wait_s */
};

struct sched {
	struct campaign *c;
	const char *out;
	char *exe;
	cJSON *state;
	cJSON **runs;           /* the state objects of c->runs, same order */
	enum mode *modes;
	double *started;        /* monotonic start of each run's current attempt */
	struct slot *slots;
	size_t n_slots;
	char **configs;         /* per app: its config file, or NULL */
	int forwarded;          /* stop signals forwarded */
	bool quiet, tty;
	double t0;
	double finished_time;   /* summed elapsed seconds of finished attempts */
	int finished_count;
	int unique_bugs;
	char last_progress[256];
};

static double mono_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *str(const cJSON *o, const char *k)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
}

static double num(const cJSON *o, const char *k, double def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
	return cJSON_IsNumber(v) ? v->valuedouble : def;
}

static void set_str(cJSON *o, const char *k, const char *v)
{
	cJSON_DeleteItemFromObjectCaseSensitive(o, k);
	if (v)
		cJSON_AddStringToObject(o, k, v);
	else
		cJSON_AddNullToObject(o, k);
}

static void set_num(cJSON *o, const char *k, double v)
{
	cJSON_DeleteItemFromObjectCaseSensitive(o, k);
	cJSON_AddNumberToObject(o, k, v);
}

static void now_iso(char *buf, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Persist the state; a failure is reported, the campaign goes on (the runs' own directories hold their results). */
static void save(struct sched *s)
{
	char date[64];
	now_iso(date, sizeof date);
	set_str(s->state, "updated", date);
	int err = campaign_state_write(s->out, s->state);

	if (err != TD_OK)
		fprintf(stderr, "trident campaign: %s\n", td_errmsg(err));
}

static void write_outputs(struct sched *s)
{
	int err = campaign_write_outputs(s->out, s->state, NULL, &s->unique_bugs);

	if (err != TD_OK)
		fprintf(stderr, "trident campaign: %s\n", td_errmsg(err));
}

static bool is_state(const cJSON *run, const char *st)
{
	const char *v = str(run, "state");
	return v && !strcmp(v, st);
}

static void fmt_eta(char *buf, size_t n, double s)
{
	if (s < 0)
		snprintf(buf, n, "?");
	else if (s < 60)
		snprintf(buf, n, "%ds", (int)s);
	else if (s < 3600)
		snprintf(buf, n, "%dm%02ds", (int)s / 60, (int)s % 60);
	else
		snprintf(buf, n, "%dh%02dm", (int)s / 3600, (int)s % 3600 / 60);
}

/* The live progress line: runs done/total, bugs, ETA. */
static void progress(struct sched *s, bool final)
{
	int done = 0, failed = 0, running = 0, alive = 0;
	size_t total = s->c->n_runs;
	char eta[32], line[256];
	for (size_t i = 0; i < total; i++) {
		done += is_state(s->runs[i], "done");
		failed += is_state(s->runs[i], "failed");
		running += is_state(s->runs[i], "running");
	}
	for (size_t i = 0; i < s->n_slots; i++)
		alive += !s->slots[i].down;
	if (s->finished_count && alive) {
		double per = s->finished_time / s->finished_count;
		size_t left = total - (size_t)(done + failed);
		/* Waves of `alive` runs; the running ones are on average half done. */
		fmt_eta(eta, sizeof eta, per * (double)((left + (size_t)alive - 1) / (size_t)alive) - (running ? per / 2 : 0));
	} else {
		fmt_eta(eta, sizeof eta, final ? 0 : -1);
	}
	snprintf(line, sizeof line, "campaign: %d/%zu runs done, %d failed, %d running, %d distinct bugs, "
		 "%.0fs, ETA %s", done, total, failed, running, s->unique_bugs, mono_s() - s->t0, eta);
	if (s->quiet)
		return;
	if (s->tty) {
		fprintf(stderr, "\r%s\033[K%s", line, final ? "\n" : "");
	} else if (final || strcmp(line, s->last_progress)) {
		/* Not a terminal: a line per change (without the clock, which always changes). */
		char *cut = strstr(line, ", ETA");
		char key[256];
		snprintf(key, sizeof key, "%.*s", cut ? (int)(cut - line) : (int)strlen(line), line);
		char *clock = strrchr(key, ',');
		if (clock)
			*clock = '\0';
		if (final || strcmp(key, s->last_progress))
			fprintf(stderr, "%s\n", line);
		snprintf(s->last_progress, sizeof s->last_progress, "%s", key);
		return;
	}
	fflush(stderr);
}

/* The first run directory name not taken: runs/ID, runs/ID.2, ... (relative to out). */
static char *new_run_dir(struct sched *s, const char *id)
{
	for (int k = 1; ; k++) {
		char *rel = k == 1 ? xasprintf("runs/%s", id) : xasprintf("runs/%s.%d", id, k);
		char *abs = xasprintf("%s/%s", s->out, rel);
		struct stat st;
		bool taken = stat(abs, &st) == 0;
		free(abs);
		if (!taken)
			return rel;
		free(rel);
	}
}

/* Whether a run directory holds anything worth keeping (a trace or bugs). */
static bool dir_has_results(const char *out, const char *rel)
{
	struct stat st;
	char *t = xasprintf("%s/%s/trace.jsonl", out, rel), *b = xasprintf("%s/%s/bugs.json", out, rel);
	bool has = (stat(t, &st) == 0 && st.st_size > 0) || stat(b, &st) == 0;
	free(t);
	free(b);
	return has;
}

/* Move the run's current directory to earlier_dirs (when it holds results). */
static void retire_dir(struct sched *s, cJSON *run)
{
	const char *dir = str(run, "dir");
	cJSON *earlier = cJSON_GetObjectItemCaseSensitive(run, "earlier_dirs");
	if (!dir || !dir_has_results(s->out, dir))
		return;
	if (!earlier)
		earlier = cJSON_AddArrayToObject(run, "earlier_dirs");
	cJSON_AddItemToArray(earlier, cJSON_CreateString(dir));
}

static void add_arg(char ***argv, size_t *n, size_t *alloc, const char *a)
{
	*argv = xgrow(*argv, alloc, *n + 2, sizeof **argv);
	(*argv)[(*n)++] = xstrdup(a);
	(*argv)[*n] = NULL;
}

/* The `trident explore` command line of run i on slot `sl`. */
static char **explore_argv(struct sched *s, size_t i, const struct slot *sl, const char *dir_abs)
{
	const struct campaign_run_spec *rs = &s->c->runs[i];
	const struct campaign_app *a = &s->c->apps[rs->app];
	char **argv = NULL, buf[64];
	size_t n = 0, alloc = 0;

	add_arg(&argv, &n, &alloc, s->exe);
	add_arg(&argv, &n, &alloc, "explore");
	if (s->modes[i] == MODE_RESUME) {
		add_arg(&argv, &n, &alloc, "--resume");
		add_arg(&argv, &n, &alloc, dir_abs);
	} else {
		add_arg(&argv, &n, &alloc, "--out");
		add_arg(&argv, &n, &alloc, dir_abs);
		if (a->steps > 0) {
			snprintf(buf, sizeof buf, "%d", a->steps);
			add_arg(&argv, &n, &alloc, "--steps");
			add_arg(&argv, &n, &alloc, buf);
		}
	}
	add_arg(&argv, &n, &alloc, "--device");
	if (sl->dev->sim) {
		char *spec = xasprintf("sim:%s", a->target);
		add_arg(&argv, &n, &alloc, spec);
		free(spec);
	} else {
		add_arg(&argv, &n, &alloc, sl->dev->serial);
		if (sl->dev->adb_server) {
			add_arg(&argv, &n, &alloc, "--adb-server");
			add_arg(&argv, &n, &alloc, sl->dev->adb_server);
		}
		if (a->kind == CAMPAIGN_APP_APK) {
			add_arg(&argv, &n, &alloc, "--apk");
			add_arg(&argv, &n, &alloc, a->target);
		} else if (a->kind == CAMPAIGN_APP_PACKAGE) {
			add_arg(&argv, &n, &alloc, "--package");
			add_arg(&argv, &n, &alloc, a->target);
		}
		if (a->grant_permissions)
			add_arg(&argv, &n, &alloc, "--grant-permissions");
	}
	snprintf(buf, sizeof buf, "%lld", rs->seed);
	add_arg(&argv, &n, &alloc, "--seed");
	add_arg(&argv, &n, &alloc, buf);
	if (a->brain) {
		add_arg(&argv, &n, &alloc, "--brain");
		add_arg(&argv, &n, &alloc, a->brain);
	}
	if (a->minutes >= 0) {
		snprintf(buf, sizeof buf, "%g", a->minutes);
		add_arg(&argv, &n, &alloc, "--minutes");
		add_arg(&argv, &n, &alloc, buf);
	}
	if (s->configs[rs->app]) {
		add_arg(&argv, &n, &alloc, "--config");
		add_arg(&argv, &n, &alloc, s->configs[rs->app]);
	}
	if (a->login) {
		add_arg(&argv, &n, &alloc, "--login");
		add_arg(&argv, &n, &alloc, a->login);
	}
	if (a->confirm)
		add_arg(&argv, &n, &alloc, "--confirm");
	add_arg(&argv, &n, &alloc, "--quiet");
	return argv;
}

static void free_argv(char **argv)
{
	for (size_t i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

/*
 * Fork a child that dies with the scheduler, in its own process group,
 * with stdout and stderr to `log` (NULL: /dev/null). 0 in the child.
 */
static pid_t spawn_child(const char *log)
{
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid != 0)
		return pid;
	(void)setpgid(0, 0);
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127); /* the scheduler is already gone */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	int fd = open(log ? log : "/dev/null", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd >= 0) {
		(void)dup2(fd, STDOUT_FILENO);
		(void)dup2(fd, STDERR_FILENO);
	}
	int devnull = open("/dev/null", O_RDONLY);
	if (devnull >= 0)
		(void)dup2(devnull, STDIN_FILENO);
	return 0;
}

static void start_run(struct sched *s, size_t i, struct slot *sl)
{
	cJSON *run = s->runs[i];
	char *rel, *dir_abs, *log, **argv, date[64];
	int attempt = (int)num(run, "attempts", 0) + 1;
	pid_t pid;

	if (s->modes[i] == MODE_RESUME && str(run, "dir")) {
		rel = xstrdup(str(run, "dir"));
	} else {
		retire_dir(s, run);
		rel = new_run_dir(s, s->c->runs[i].id);
	}
	dir_abs = xasprintf("%s/%s", s->out, rel);
	log = xasprintf("%s/logs/%s.%d.log", s->out, s->c->runs[i].id, attempt);
	argv = explore_argv(s, i, sl, dir_abs);
	fflush(NULL);
	pid = spawn_child(log);
	if (pid == 0) {
		execv(s->exe, argv);
		fprintf(stderr, "trident campaign: cannot run %s: %s\n", s->exe, strerror(errno));
		_exit(127);
	}
	if (pid < 0) {
		fprintf(stderr, "trident campaign: fork: %s\n", strerror(errno));
		free(rel);
		free(dir_abs);
		free(log);
		free_argv(argv);
		return;
	}
	sl->pid = pid;
	sl->run = i;
	s->started[i] = mono_s();
	now_iso(date, sizeof date);
	set_str(run, "state", "running");
	set_str(run, "device", sl->dev->serial);
	set_str(run, "dir", rel);
	set_str(run, "log", log + strlen(s->out) + 1);
	set_str(run, "started", date);
	set_num(run, "attempts", attempt);
	cJSON_DeleteItemFromObjectCaseSensitive(run, "exit_code");
	cJSON_DeleteItemFromObjectCaseSensitive(run, "reason");
	{
		/* The command, for the record (argv[0] is this binary). */
		cJSON *cmd = cJSON_CreateArray();
		for (size_t k = 1; argv[k]; k++)
			cJSON_AddItemToArray(cmd, cJSON_CreateString(argv[k]));
		cJSON_DeleteItemFromObjectCaseSensitive(run, "command");
		cJSON_AddItemToObject(run, "command", cmd);
	}
	save(s);
	free(rel);
	free(dir_abs);
	free(log);
	free_argv(argv);
}

/* The last non-empty line of the run's log that says why it stopped (for the failure reason). */
static char *log_reason(struct sched *s, const cJSON *run)
{
	struct strbuf sb = STRBUF_INIT;
	char *path, *reason = NULL;
	if (!str(run, "log"))
		return NULL;
	path = xasprintf("%s/%s", s->out, str(run, "log"));
	strbuf_init(&sb, 4u << 20);
	if (strbuf_read_file(&sb, path) == TD_OK) {
		/* The last "trident explore: ..." line, else the last line. */
		char *line = NULL, *p = sb.buf;
		while (p && *p) {
			char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			if (len && (!strncmp(p, "trident explore: ", 17) || !line || strncmp(line, "trident explore: ", 17)))
				line = p;
			p = nl ? nl + 1 : NULL;
		}
		if (line) {
			size_t len = strcspn(line, "\n");
			if (!strncmp(line, "trident explore: ", 17)) {
				line += 17;
				len -= 17;
			}
			reason = xstrndup(line, len > 300 ? 300 : len);
		}
	} else {
		td_error_clear();
	}
	strbuf_release(&sb);
	free(path);
	return reason;
}

static const char *exit_meaning(int code)
{
	switch (code) {
#define X(name, c, what) case c: return what;
		CLI_EXIT_CODES
#undef X
	default:
		return "unexpected exit status";
	}
}

/* A worker ended: record it and decide the run's next state. */
static void finish_run(struct sched *s, struct slot *sl, int status, const struct rusage *ru)
{
	size_t i = sl->run;
	cJSON *run = s->runs[i];
	double elapsed = mono_s() - s->started[i];
	double cpu = (double)ru->ru_utime.tv_sec + ru->ru_utime.tv_usec / 1e6 + (double)ru->ru_stime.tv_sec +
		     ru->ru_stime.tv_usec / 1e6;
	int attempts = (int)num(run, "attempts", 1);
	char reason[600], date[64];
	char *why = NULL;

	sl->pid = 0;
	now_iso(date, sizeof date);
	set_str(run, "ended", date);
	set_num(run, "elapsed_s", elapsed);
	set_num(run, "cpu_s", num(run, "cpu_s", 0) + cpu);
	set_num(run, "max_rss_kb", (double)ru->ru_maxrss > num(run, "max_rss_kb", 0) ? (double)ru->ru_maxrss
										     : num(run, "max_rss_kb", 0));
	if (!(WIFEXITED(status) && WEXITSTATUS(status) == CLI_EXIT_INTERRUPTED)) {
		s->finished_time += elapsed;
		s->finished_count++;
	}
	s->modes[i] = MODE_FRESH;
	campaign_state_read_results(s->out, run);
	if (WIFSIGNALED(status)) {
		set_num(run, "exit_code", 128 + WTERMSIG(status));
		snprintf(reason, sizeof reason, "the run's process was killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
		/* A crashed worker may have left no reports: rebuild them from its trace. */
		{
			char *dir = xasprintf("%s/%s", s->out, str(run, "dir"));
			if (report_rebuild(dir, NULL, NULL) == TD_OK)
				campaign_state_read_results(s->out, run);
			else
				td_error_clear();
			free(dir);
		}
		set_str(run, "state", "failed");
		set_str(run, "reason", reason);
		goto out;
	}
	int code = WEXITSTATUS(status);
	set_num(run, "exit_code", code);
	why = log_reason(s, run);
	switch (code) {
	case CLI_EXIT_OK:
	case CLI_EXIT_BUGS:
		set_str(run, "state", "done");
		break;
	case CLI_EXIT_DEVICE:
		if (!sl->dev->sim) {
			sl->down = true;
			sl->down_since = mono_s();
			sl->next_probe = sl->down_since + 1;
		}
		if (attempts > s->c->retries) {
			snprintf(reason, sizeof reason, "device %s lost on attempt %d of %d (exit 3): %s", sl->dev->serial,
				 attempts, s->c->retries + 1, why ? why : exit_meaning(code));
			set_str(run, "state", "failed");
			set_str(run, "reason", reason);
		} else {
			snprintf(reason, sizeof reason, "device %s lost on attempt %d (exit 3); retried when a device "
				 "is back: %s", sl->dev->serial, attempts, why ? why : exit_meaning(code));
			set_str(run, "state", "queued");
			set_str(run, "reason", reason);
		}
		break;
	case CLI_EXIT_INTERRUPTED:
		/* Stopped by Ctrl-C: not the run's fault; a later --resume starts a new attempt. */
		set_num(run, "attempts", attempts - 1);
		set_str(run, "state", "queued");
		set_str(run, "reason", "interrupted (Ctrl-C); its directory's results are kept");
		if (!s->forwarded) {
			/* Not ours: someone else interrupted it. */
			set_num(run, "attempts", attempts);
			set_str(run, "state", "failed");
			set_str(run, "reason", "interrupted by a signal from outside the campaign");
		}
		break;
	default:
		snprintf(reason, sizeof reason, "exit %d (%s)%s%s", code, exit_meaning(code), why ? ": " : "",
			 why ? why : "");
		set_str(run, "state", "failed");
		set_str(run, "reason", reason);
	}
out:
	free(why);
	save(s);
	write_outputs(s);
}

/* Start a probe of a lost device: a child that exits 0 when the device answers. */
static void start_probe(struct sched *s, struct slot *sl)
{
	pid_t pid;
	(void)s;
	fflush(NULL);
	pid = spawn_child(NULL);
	if (pid == 0) {
		struct adb_client *c = NULL;
		struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
		int code = -1;
		if (adb_client_new(sl->dev->adb_server, 3000, &c) != TD_OK)
			_exit(1);
		if (strchr(sl->dev->serial, ':'))
			if (adb_host_connect(c, sl->dev->serial) != TD_OK)
				_exit(1);
		if (adb_shell(c, sl->dev->serial, "echo trident-probe", false, &out, &err, &code) != TD_OK ||
		    !strstr(out.buf, "trident-probe"))
			_exit(1);
		_exit(0);
	}
	if (pid > 0)
		sl->probe_pid = pid;
}

/* A queued run that can go on slot sl, or (size_t)-1. */
static size_t next_run_for(struct sched *s, const struct slot *sl)
{
	for (size_t i = 0; i < s->c->n_runs; i++)
		if (is_state(s->runs[i], "queued") && campaign_app_fits(&s->c->apps[s->c->runs[i].app], sl->dev))
			return i;
	return (size_t)-1;
}

/* Fail the queued runs that no device left can take. */
static void fail_orphans(struct sched *s)
{
	bool changed = false;
	for (size_t i = 0; i < s->c->n_runs; i++) {
		bool possible = false;
		char reason[400];
		if (!is_state(s->runs[i], "queued"))
			continue;
		for (size_t d = 0; d < s->n_slots && !possible; d++)
			possible = !s->slots[d].given_up &&
				   campaign_app_fits(&s->c->apps[s->c->runs[i].app], s->slots[d].dev);
		if (possible)
			continue;
		snprintf(reason, sizeof reason, "no device left to run it: every device that fits was lost and not "
			 "back within device_wait_s (%d s)%s%s", s->c->device_wait_s, str(s->runs[i], "reason") ? "; " : "",
			 str(s->runs[i], "reason") ? str(s->runs[i], "reason") : "");
		set_str(s->runs[i], "state", "failed");
		set_str(s->runs[i], "reason", reason);
		changed = true;
	}
	if (changed) {
		save(s);
		write_outputs(s);
	}
}

static void forward_stop(struct sched *s)
{
	while (s->forwarded < stop_signals) {
		s->forwarded++;
		if (!s->quiet)
			fprintf(stderr, "%strident campaign: %s: stopping the running runs (they write their reports)\n",
				s->tty ? "\n" : "", s->forwarded == 1 ? "interrupted" : "interrupted again");
		for (size_t d = 0; d < s->n_slots; d++) {
			if (s->slots[d].pid > 0)
				(void)kill(s->slots[d].pid, SIGINT);
			if (s->slots[d].probe_pid > 0)
				(void)kill(s->slots[d].probe_pid, SIGKILL);
		}
	}
}

/* The scheduler loop; returns when every run is done or failed, or after a stop with no worker left. */
static void schedule(struct sched *s)
{
	for (;;) {
		bool busy = false, pending = false;
		forward_stop(s);
		/* Start runs on idle devices. */
		for (size_t d = 0; d < s->n_slots && !stop_signals; d++) {
			struct slot *sl = &s->slots[d];
			size_t i;
			if (sl->pid || sl->down)
				continue;
			i = next_run_for(s, sl);
			if (i != (size_t)-1)
				start_run(s, i, sl);
		}
		/* Reap. */
		for (;;) {
			struct rusage ru;
			int status;
			pid_t pid = wait4(-1, &status, WNOHANG, &ru);
			if (pid <= 0)
				break;
			for (size_t d = 0; d < s->n_slots; d++) {
				struct slot *sl = &s->slots[d];
				if (sl->pid == pid) {
					finish_run(s, sl, status, &ru);
				} else if (sl->probe_pid == pid) {
					sl->probe_pid = 0;
					if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
						sl->down = false;
						if (!s->quiet)
							fprintf(stderr, "%strident campaign: device %s is back after %.0f s\n",
								s->tty ? "\n" : "", sl->dev->serial, mono_s() - sl->down_since);
					}
				}
			}
		}
		/* Probe lost devices. */
		for (size_t d = 0; d < s->n_slots; d++) {
			struct slot *sl = &s->slots[d];
			if (!sl->down || sl->probe_pid || sl->given_up || stop_signals)
				continue;
			if (mono_s() - sl->down_since > s->c->device_wait_s) {
				sl->given_up = true;
				if (!s->quiet)
					fprintf(stderr, "%strident campaign: device %s not back within %d s: given up\n",
						s->tty ? "\n" : "", sl->dev->serial, s->c->device_wait_s);
				fail_orphans(s);
			} else if (mono_s() >= sl->next_probe) {
				sl->next_probe = mono_s() + 1;
				start_probe(s, sl);
			}
		}
		for (size_t d = 0; d < s->n_slots; d++)
			busy |= s->slots[d].pid > 0 || s->slots[d].probe_pid > 0;
		for (size_t i = 0; i < s->c->n_runs; i++)
			pending |= is_state(s->runs[i], "queued") || is_state(s->runs[i], "running");
		progress(s, false);
		if (!busy && (!pending || stop_signals))
			break;
		if (!busy && pending) {
			/* Nothing runs and nothing is probed: is any run startable at all? */
			bool any = false;
			for (size_t d = 0; d < s->n_slots && !any; d++)
				any = !s->slots[d].given_up && (s->slots[d].down || next_run_for(s, &s->slots[d]) != (size_t)-1);
			if (!any) {
				fail_orphans(s);
				break;
			}
		}
		{
			struct timespec ts = { 0, 100 * 1000 * 1000 };
			nanosleep(&ts, NULL);
		}
	}
}

/*
 * --resume: settle the runs a killed campaign left "running" (their workers
 * died with it). Returns after updating their state objects.
 */
static void settle_killed_runs(struct sched *s)
{
	for (size_t i = 0; i < s->c->n_runs; i++) {
		cJSON *run = s->runs[i];
		struct run_record *rec = NULL;
		char *dir;
		int err;
		if (!is_state(run, "running") && !(is_state(run, "queued") && str(run, "dir")))
			continue;
		if (!str(run, "dir")) {
			set_str(run, "state", "queued");
			continue;
		}
		dir = xasprintf("%s/%s", s->out, str(run, "dir"));
		err = run_record_load(dir, &rec);
		if (err != TD_OK) {
			/* No trace: it never started. A fresh start. */
			td_error_clear();
			set_str(run, "state", "queued");
			free(dir);
			continue;
		}
		if (run_record_finished(rec)) {
			/* Its worker ended; the campaign died before recording it. */
			if (is_state(run, "running")) {
				if (report_rebuild(dir, NULL, NULL) != TD_OK)
					td_error_clear();
				campaign_state_read_results(s->out, run);
				set_str(run, "state", "done");
				set_str(run, "reason", "finished while the campaign was not running");
			}
		} else {
			const cJSON *start = run_record_start(rec);
			int budget = (int)num(start, "step_budget", 0);
			if (run_record_last_step(rec) >= budget && budget > 0) {
				/* Took its whole budget before the kill: its reports, rebuilt. */
				int rerr = report_rebuild(dir, NULL, NULL);

				if (rerr != TD_OK) {
					fprintf(stderr, "trident campaign: %s: %s\n", str(run, "id"), td_errmsg(rerr));
					td_error_clear();
				}
				campaign_state_read_results(s->out, run);
				set_str(run, "state", "done");
				set_str(run, "reason", "killed after its last step; reports rebuilt from its trace");
			} else {
				s->modes[i] = MODE_RESUME;
				set_str(run, "state", "queued");
				set_str(run, "reason", "killed mid-run; continued with explore --resume");
				/* Not an attempt of its own: the resume continues it. */
				set_num(run, "attempts", num(run, "attempts", 1) - 1);
			}
		}
		run_record_free(rec);
		free(dir);
	}
}

static void campaign_usage(FILE *f)
{
	fprintf(f, "usage: trident campaign FILE [--out DIR] [--resume] [--shard K/N] [--junit FILE]\n"
		   "                        [--fail-on-bugs] [--quiet]\n"
		   "       trident campaign merge DIR... --out DIR [--junit FILE]\n\n"
		   "Run a campaign: every app of FILE with each of its seeds, on the listed devices,\n"
		   "one run per device at a time, each run a `trident explore` process. Writes\n"
		   "OUT/campaign.json (every run's state, as it changes), OUT/runs/RUN/ (each run's\n"
		   "directory), OUT/index.html (bugs deduplicated across runs and devices, with\n"
		   "links to each run's report) and OUT/junit.xml. docs/campaigns.md has the format.\n\n"
		   "options:\n"
		   "  --out DIR       output directory (default: the file's \"out\")\n"
		   "  --resume        continue the campaign in OUT: done runs are kept, runs killed\n"
		   "                  with the campaign are continued (explore --resume) or their\n"
		   "                  reports rebuilt, the rest run\n"
		   "  --shard K/N     run only shard K of N: the runs whose position in the file's\n"
		   "                  app x seed order is K-1 modulo N (for job arrays); merge later\n"
		   "  --junit FILE    the JUnit XML (default OUT/junit.xml)\n"
		   "  --fail-on-bugs  exit 1 when a bug was found\n"
		   "  --quiet         no progress line\n\n"
		   "merge: combine the OUT directories of shards (or of several campaigns) into\n"
		   "one campaign.json, index.html and junit.xml in --out DIR.\n\n"
		   "Ctrl-C stops the running runs (they write their reports) and writes everything;\n"
		   "after kill -9, --resume loses nothing the runs recorded.\n\n"
		   "exit codes: 0 every run done, 1 a run failed (or --fail-on-bugs and bugs),\n"
		   "2 usage or campaign file error, 5 OUT cannot be written, 130 interrupted\n");
}

static int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	for (char *q = p + 1; *q; q++) {
		if (*q != '/')
			continue;
		*q = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*q = '/';
	}
	free(p);
	return mkdir(path, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

static int cmd_campaign_merge(int argc, char **argv)
{
	const char *out = NULL, *junit = NULL;
	const char **dirs = xcalloc((size_t)argc, sizeof *dirs);
	size_t n = 0;
	cJSON *merged = NULL, *it;
	int rc = 2, unique = 0, runs = 0, failed = 0, err;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			campaign_usage(stdout);
			rc = 0;
			goto out;
		}
		if (!strcmp(argv[i], "--out") || !strcmp(argv[i], "--junit")) {
			if (i + 1 >= argc || !argv[i + 1][0]) {
				fprintf(stderr, "trident campaign merge: %s needs a value\n", argv[i]);
				goto out;
			}
			*(!strcmp(argv[i], "--out") ? &out : &junit) = argv[i + 1];
			i++;
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "trident campaign merge: unknown option '%s' (see --help)\n", argv[i]);
			goto out;
		} else {
			dirs[n++] = argv[i];
		}
	}
	if (!out || !n) {
		fprintf(stderr, "trident campaign merge: needs campaign directories and --out DIR (see --help)\n");
		goto out;
	}
	if (mkdir_p(out) != 0) {
		fprintf(stderr, "trident campaign merge: cannot create %s: %s\n", out, strerror(errno));
		rc = 5;
		goto out;
	}
	if ((err = campaign_state_merge(dirs, n, out, &merged)) != TD_OK) {
		fprintf(stderr, "trident campaign merge: %s\n", td_errmsg(err));
		goto out;
	}
	if ((err = campaign_state_write(out, merged)) != TD_OK ||
	    (err = campaign_write_outputs(out, merged, junit, &unique)) != TD_OK) {
		fprintf(stderr, "trident campaign merge: %s\n", td_errmsg(err));
		rc = 5;
		goto out;
	}
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(merged, "runs")) {
		runs++;
		failed += is_state(it, "failed");
	}
	printf("merged %zu campaign directories: %d runs (%d failed), %d distinct bugs\n", n, runs, failed, unique);
	printf("index: %s/index.html\n", out);
	rc = 0;
out:
	cJSON_Delete(merged);
	free(dirs);
	return rc;
}

int cmd_campaign(int argc, char **argv)
{
	const char *file = NULL, *out = NULL, *junit = NULL, *shard = NULL;
	bool resume = false, fail_on_bugs = false, quiet = false;
	struct campaign *c = NULL;
	struct sched s;
	struct sigaction sa, old_int, old_term;
	int rc = 2, k = 1, n = 1, failed = 0, bugs = 0, done = 0, err;
	char exe[PATH_MAX], date[64];
	ssize_t len;

	memset(&s, 0, sizeof s);
	if (argc > 1 && !strcmp(argv[1], "merge"))
		return cmd_campaign_merge(argc - 1, argv + 1);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			campaign_usage(stdout);
			return 0;
		}
		if (!strcmp(argv[i], "--out") || !strcmp(argv[i], "--junit") || !strcmp(argv[i], "--shard")) {
			if (i + 1 >= argc || !argv[i + 1][0]) {
				fprintf(stderr, "trident campaign: %s needs a value\n", argv[i]);
				return 2;
			}
			if (!strcmp(argv[i], "--out"))
				out = argv[++i];
			else if (!strcmp(argv[i], "--junit"))
				junit = argv[++i];
			else
				shard = argv[++i];
		} else if (!strcmp(argv[i], "--resume")) {
			resume = true;
		} else if (!strcmp(argv[i], "--fail-on-bugs")) {
			fail_on_bugs = true;
		} else if (!strcmp(argv[i], "--quiet")) {
			quiet = true;
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "trident campaign: unknown option '%s' (see --help)\n", argv[i]);
			return 2;
		} else if (!file) {
			file = argv[i];
		} else {
			fprintf(stderr, "trident campaign: one campaign file only ('%s' and '%s')\n", file, argv[i]);
			return 2;
		}
	}
	if (!file) {
		campaign_usage(stderr);
		return 2;
	}
	if (shard && (err = campaign_parse_shard(shard, &k, &n)) != TD_OK) {
		fprintf(stderr, "trident campaign: %s\n", td_errmsg(err));
		return 2;
	}
	if ((err = campaign_load(file, &c)) != TD_OK) {
		fprintf(stderr, "trident campaign: %s\n", td_errmsg(err));
		return 2;
	}
	if (shard)
		campaign_shard(c, k, n);
	if (!out)
		out = c->out_dir;
	if (!out) {
		fprintf(stderr, "trident campaign: %s names no \"out\" directory: give --out DIR\n", file);
		goto out;
	}
	len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len <= 0) {
		fprintf(stderr, "trident campaign: cannot find this program (/proc/self/exe): %s\n", strerror(errno));
		rc = 6;
		goto out;
	}
	exe[len] = '\0';

	s.c = c;
	s.out = out;
	s.exe = exe;
	s.quiet = quiet;
	s.tty = isatty(STDERR_FILENO);
	s.t0 = mono_s();
	{
		char *logs = xasprintf("%s/logs", out), *runs = xasprintf("%s/runs", out);
		int bad = mkdir_p(logs) || mkdir_p(runs);
		free(logs);
		free(runs);
		if (bad) {
			fprintf(stderr, "trident campaign: cannot create %s: %s\n", out, strerror(errno));
			rc = 5;
			goto out;
		}
	}
	{
		int serr = campaign_state_read(out, &s.state);
		if (serr == TD_OK && !resume) {
			fprintf(stderr, "trident campaign: %s/campaign.json exists: continue that campaign with --resume, "
				"or give another --out\n", out);
			goto out;
		}
		if (serr != TD_OK && serr != TD_ERR_NOT_FOUND) {
			fprintf(stderr, "trident campaign: %s\n", td_errmsg(serr));
			goto out;
		}
		if (serr == TD_ERR_NOT_FOUND) {
			td_error_clear();
			s.state = cJSON_CreateObject();
			cJSON_AddItemToObject(s.state, "runs", cJSON_CreateArray());
			now_iso(date, sizeof date);
			set_str(s.state, "started", date);
		}
	}
	{
		char abs[PATH_MAX];
		set_str(s.state, "campaign", realpath(file, abs) ? abs : file);
	}
	if (shard)
		set_str(s.state, "shard", shard);
	s.runs = xcalloc(c->n_runs ? c->n_runs : 1, sizeof *s.runs);
	s.modes = xcalloc(c->n_runs ? c->n_runs : 1, sizeof *s.modes);
	s.started = xcalloc(c->n_runs ? c->n_runs : 1, sizeof *s.started);
	for (size_t i = 0; i < c->n_runs; i++) {
		cJSON *run = campaign_state_run(s.state, c->runs[i].id);
		if (!run) {
			run = cJSON_CreateObject();
			cJSON_AddStringToObject(run, "id", c->runs[i].id);
			cJSON_AddStringToObject(run, "app", c->apps[c->runs[i].app].name);
			cJSON_AddNumberToObject(run, "seed", (double)c->runs[i].seed);
			cJSON_AddNumberToObject(run, "index", c->runs[i].index);
			cJSON_AddStringToObject(run, "state", "queued");
			cJSON_AddNumberToObject(run, "attempts", 0);
			cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(s.state, "runs"), run);
		}
		s.runs[i] = run;
	}
	if (resume)
		settle_killed_runs(&s);
	s.configs = xcalloc(c->n_apps, sizeof *s.configs);
	for (size_t a = 0; a < c->n_apps; a++)
		if ((err = campaign_write_app_config(out, &c->apps[a], &s.configs[a])) != TD_OK) {
			fprintf(stderr, "trident campaign: %s\n", td_errmsg(err));
			rc = 5;
			goto out;
		}
	s.n_slots = c->n_devices;
	s.slots = xcalloc(s.n_slots, sizeof *s.slots);
	for (size_t d = 0; d < s.n_slots; d++)
		s.slots[d].dev = &c->devices[d];
	save(&s);
	write_outputs(&s);
	if (!quiet)
		fprintf(stderr, "campaign %s: %zu runs on %zu devices into %s%s%s\n", file, c->n_runs, c->n_devices, out,
			shard ? ", shard " : "", shard ? shard : "");

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	schedule(&s);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);

	save(&s);
	if ((err = campaign_write_outputs(out, s.state, junit, &s.unique_bugs)) != TD_OK) {
		fprintf(stderr, "trident campaign: %s\n", td_errmsg(err));
		rc = 5;
		goto out;
	}
	progress(&s, true);
	for (size_t i = 0; i < c->n_runs; i++) {
		done += is_state(s.runs[i], "done");
		failed += is_state(s.runs[i], "failed");
		bugs += (int)num(s.runs[i], "bugs", 0);
		if (is_state(s.runs[i], "failed"))
			printf("failed: %s: %s\n", str(s.runs[i], "id"), str(s.runs[i], "reason") ? str(s.runs[i], "reason") : "");
	}
	printf("%d of %zu runs done, %d failed, %d bugs reported, %d distinct\n", done, c->n_runs, failed, bugs,
	       s.unique_bugs);
	printf("index: %s/index.html\n", out);
	if (stop_signals)
		rc = CLI_EXIT_INTERRUPTED;
	else if (failed || (fail_on_bugs && s.unique_bugs > 0))
		rc = 1;
	else
		rc = 0;
out:
	if (s.configs)
		for (size_t a = 0; a < c->n_apps; a++)
			free(s.configs[a]);
	free(s.configs);
	free(s.slots);
	free(s.runs);
	free(s.modes);
	free(s.started);
	cJSON_Delete(s.state);
	campaign_free(c);
	return rc;
}
