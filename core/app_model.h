/*
 * app_model.h - the data that describes an app under test: its package,
 * label, activities and deep links. Only the plain types live here, in core/,
 * so that core code (the prompt's app info block in annotate.c) can read them
 * without including device/; device/app_info.h fills them in (from an APK or
 * from a device backend) and frees them.
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

#endif
