/*
 * app_model.h - the data that describes an app under test: its package,
 * label, activities, deep links, components and permissions. The plain
 * types and what needs nothing but memory (freeing, the permission table)
 * live here, in core/, so that core code (the prompt's app info block in
 * annotate.c) and the simulator library use them without device/;
 * device/app_info.h fills them in from an APK or a device backend.
 */
#ifndef TRIDENT_CORE_APP_MODEL_H
#define TRIDENT_CORE_APP_MODEL_H

#include <stdbool.h>
#include <stddef.h>

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

/* Free an app_info and everything it holds (NULL is fine). */
void app_info_free(struct app_info *info);
/* Whether `permission` is a runtime ("dangerous") permission on Android. */
bool app_permission_is_dangerous(const char *permission);
/* Add a permission (deduplicated; `dangerous` from Android's table). */
void app_info_add_permission(struct app_info *info, const char *permission);

#endif
