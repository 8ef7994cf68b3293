/*
 * app_info.h - what trident knows about the app under test: its package,
 * label, activities (with exported flags) and deep links. Read from an APK
 * with aapt, or from a simulated app's spec. Used for the prompts' app info,
 * activity coverage, and deep-link/`am start -n` jumps out of loops.
 */
#ifndef TRIDENT_DEVICE_APP_INFO_H
#define TRIDENT_DEVICE_APP_INFO_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

struct app_activity {
	char *name;        /* fully qualified: "com.example.notes.EditActivity" */
	bool exported;
	bool launcher;     /* has MAIN/LAUNCHER */
};

struct app_deep_link {
	char *activity;    /* fully qualified */
	char *scheme;      /* "https", "notes" */
	char *host;        /* may be "" */
	char *path;        /* path, pathPrefix or pathPattern as declared; may be "" */
	char *uri;         /* an openable example URI built from the above */
};

struct app_info {
	char *package;
	char *label;
	char *version;
	char *launcher_activity; /* fully qualified, may be NULL */
	struct app_activity *activities;
	size_t n_activities;
	struct app_deep_link *deep_links;
	size_t n_deep_links;
};

/* From an APK via `aapt dump badging` and `aapt dump xmltree`. */
int app_info_from_apk(const char *apk_path, struct app_info **out) TD_MUST_CHECK;
/* From a simulated app spec (configs/apps/X.json or a path). */
int app_info_from_sim_spec(const char *spec_path, struct app_info **out) TD_MUST_CHECK;
/* Index of `activity` ("pkg/.Act", "pkg/pkg.Act" or "pkg.Act"), or -1. */
int app_info_find_activity(const struct app_info *info, const char *activity);
/* JSON text (malloc'd) as printed by `trident app-info`. */
char *app_info_to_json(const struct app_info *info);
void app_info_free(struct app_info *info);

#endif
