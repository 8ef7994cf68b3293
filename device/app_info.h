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

/* A service, receiver or provider declared in the manifest. */
struct app_component {
	char *kind;        /* "service", "receiver" or "provider" */
	char *name;        /* fully qualified */
	bool exported;
};

/* A <uses-permission>; `dangerous` for runtime permissions (Android's
 * "dangerous" protection level, which a dialog asks the user for). */
struct app_permission {
	char *name;        /* "android.permission.READ_CONTACTS" */
	bool dangerous;
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
	struct app_component *components;
	size_t n_components;
	struct app_permission *permissions;
	size_t n_permissions;
};

/*
 * From an APK via `aapt dump badging` and `aapt dump xmltree` (aapt is run
 * with an argv vector, 60 s timeout). TD_ERR_NOT_FOUND when the file or aapt
 * is missing, TD_ERR_PARSE with aapt's message when it is not an APK.
 */
int app_info_from_apk(const char *apk_path, struct app_info **out) TD_MUST_CHECK;
/*
 * The parser behind app_info_from_apk, on captured text: `badging` is the
 * output of `aapt dump badging`, `xmltree` of `aapt dump xmltree APK
 * AndroidManifest.xml` (either may be NULL). Activities without an explicit
 * android:exported are exported when they have an intent filter (the rule
 * before Android 12). Deep links come from VIEW filters with BROWSABLE or
 * DEFAULT, one per scheme x host x path (at most 32 per filter); pathPattern
 * ".*" becomes "x" in the example URI. TD_ERR_PARSE when no package is found.
 */
int app_info_parse_aapt(const char *badging, const char *xmltree, struct app_info **out) TD_MUST_CHECK;
/* From a simulated app spec (configs/apps/X.json or a path). */
int app_info_from_sim_spec(const char *spec_path, struct app_info **out) TD_MUST_CHECK;
/* Whether `permission` is a runtime ("dangerous") permission on Android. */
bool app_permission_is_dangerous(const char *permission);
/* Add a permission (deduplicated; `dangerous` from the table above). */
void app_info_add_permission(struct app_info *info, const char *permission);
/* Index of `activity` ("pkg/.Act", "pkg/pkg.Act" or "pkg.Act"), or -1. */
int app_info_find_activity(const struct app_info *info, const char *activity);
/* JSON text (malloc'd) as printed by `trident app-info`. */
char *app_info_to_json(const struct app_info *info);
void app_info_free(struct app_info *info);

#endif
