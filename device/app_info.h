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

#include "core/app_model.h"
#include "core/error.h"

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
struct sim_app;
/* From a loaded simulated app (the sim backend's device_app_info); never NULL. */
struct app_info *app_info_from_sim_app(const struct sim_app *app);
/* Index of `activity` ("pkg/.Act", "pkg/pkg.Act" or "pkg.Act"), or -1. */
int app_info_find_activity(const struct app_info *info, const char *activity);
/* JSON text (malloc'd) as printed by `trident app-info`. */
char *app_info_to_json(const struct app_info *info);

#endif
