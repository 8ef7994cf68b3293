/*
 * campaign.h - a bug-hunting campaign: many apps x seeds over many devices
 * (`trident campaign FILE`, docs/campaigns.md).
 *
 * This module owns the campaign's data, not its processes:
 *   - the campaign file (JSON): parsed and validated like configs, every
 *     error naming the file, the key path and the reason;
 *   - the run list it expands to (app x seed, in file order), with --shard
 *     K/N's deterministic slice;
 *   - the campaign state, OUT/campaign.json: every run's state, device,
 *     attempts, directory, exit code and bugs, written through a temporary
 *     file renamed into place on every change (kill -9 loses nothing);
 *   - the merged outputs (campaign_report.c): index.html and one JUnit file
 *     over every run's bugs.json and summary.json, bugs deduplicated across
 *     runs and devices with bug_same(), the key the run reports use.
 * The scheduler (worker processes, signals, progress) is cli/campaign.c.
 */
#ifndef TRIDENT_AGENTS_CAMPAIGN_H
#define TRIDENT_AGENTS_CAMPAIGN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

struct cJSON;

/* How an app reaches a device. */
enum campaign_app_kind {
	CAMPAIGN_APP_SIM,       /* "sim": an app spec run by the in-process simulator */
	CAMPAIGN_APP_APK,       /* "apk": installed by each run (--apk) */
	CAMPAIGN_APP_PACKAGE,   /* "package": already installed on the device (--package) */
};

struct campaign_app {
	char *name;             /* unique, [A-Za-z0-9._-]; names the runs */
	enum campaign_app_kind kind;
	char *target;           /* sim spec (NAME, NAME:fixed or a path), APK path or package */
	char *brain;            /* NULL: explore's default */
	int steps;              /* 0: explore's default */
	double minutes;         /* < 0: explore's default */
	long long *seeds;
	size_t n_seeds;
	char *login;            /* login script path, NULL: none */
	bool confirm;
	bool grant_permissions;
	struct cJSON *config;   /* config overrides (defaults.config merged with the app's), may be NULL */
};

struct campaign_device {
	char *serial;           /* adb serial or HOST:PORT; "sim" / "sim:LABEL" for a simulator slot */
	char *adb_server;       /* HOST:PORT, NULL: the campaign's or the default */
	bool sim;
};

/* One run of the campaign: an app with one seed. */
struct campaign_run_spec {
	char *id;               /* "APP-sSEED" */
	size_t app;             /* index into apps */
	long long seed;
	int index;              /* position in the whole campaign (before sharding) */
};

struct campaign {
	char *path;             /* the campaign file */
	char *out_dir;          /* NULL when the file names none */
	char *adb_server;       /* NULL: the default */
	int retries;            /* device-lost retries of a run */
	int device_wait_s;      /* how long a lost device is waited for */
	struct campaign_app *apps;
	size_t n_apps;
	struct campaign_device *devices;
	size_t n_devices;
	struct campaign_run_spec *runs;
	size_t n_runs;
};

/*
 * Load and validate the campaign file `path`. Paths in it (apk, login, sim
 * spec paths) are taken relative to the file's directory. TD_ERR_NOT_FOUND,
 * TD_ERR_PARSE or TD_ERR_CONFIG with a message "FILE: KEY.PATH: reason".
 * *out is the caller's (campaign_free).
 */
int campaign_load(const char *path, struct campaign **out) TD_MUST_CHECK;
void campaign_free(struct campaign *c);

/*
 * Keep only shard K of N (1 <= K <= N): the runs whose index % N == K - 1,
 * a deterministic slice of the same campaign file on every machine.
 */
void campaign_shard(struct campaign *c, int k, int n);

/* Whether app `a` can run on device `d` (sim apps on simulator slots, packages on adb devices). */
bool campaign_app_fits(const struct campaign_app *a, const struct campaign_device *d);

/*
 * Parse "K/N" (1 <= K <= N <= 100000). TD_ERR_INVALID naming the text.
 */
int campaign_parse_shard(const char *text, int *k, int *n) TD_MUST_CHECK;

/*
 * The config file a run of app `a` uses: `a->config` written to
 * OUT/configs/APP.json (through a rename). *path is NULL when the app has
 * no overrides. TD_ERR_IO naming the file.
 */
int campaign_write_app_config(const char *out_dir, const struct campaign_app *a, char **path) TD_MUST_CHECK;

/*
 * The campaign state (campaign.json's object). States: "queued",
 * "running", "done", "failed".
 */

/* Write `state` to DIR/campaign.json through DIR/campaign.json.tmp + rename. TD_ERR_IO. */
int campaign_state_write(const char *dir, const struct cJSON *state) TD_MUST_CHECK;
/*
 * Read DIR/campaign.json. TD_ERR_NOT_FOUND when there is none, TD_ERR_PARSE
 * naming the file and the reason. *out is the caller's.
 */
int campaign_state_read(const char *dir, struct cJSON **out) TD_MUST_CHECK;
/* The run object with "id" == id in state's runs, or NULL. */
struct cJSON *campaign_state_run(struct cJSON *state, const char *id);

/*
 * Fill a finished run object's "bugs", "steps", "screens", "coverage",
 * "wall_s", "tokens", "cost_usd" from BASE/DIR/summary.json (and
 * bugs.json), BASE being the campaign's out directory. Missing files leave
 * the fields alone.
 */
void campaign_state_read_results(const char *base, struct cJSON *run);

/*
 * The merged outputs of a campaign state whose run directories are relative
 * to `base` (or absolute): BASE/index.html and the JUnit XML at
 * `junit_path` (NULL: BASE/junit.xml). Bugs are read from each run's
 * bugs.json (and the bugs.json of its earlier attempts) and deduplicated per
 * app with bug_same(). *unique_bugs (may be NULL) gets the number of
 * distinct bugs. TD_ERR_IO naming the file.
 */
int campaign_write_outputs(const char *base, const struct cJSON *state, const char *junit_path,
			   int *unique_bugs) TD_MUST_CHECK;

/*
 * `campaign merge`: concatenate the runs of the campaign.json in each of
 * `dirs` into one state whose run directories are relative to `out_dir`
 * (absolute when no relative path exists). A run id found twice keeps the
 * first. *out is the caller's. Errors of campaign_state_read.
 */
int campaign_state_merge(const char *const *dirs, size_t n, const char *out_dir, struct cJSON **out) TD_MUST_CHECK;

#endif
