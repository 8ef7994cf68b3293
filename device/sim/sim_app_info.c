/*
 * sim_app_info.c - app_info_from_sim_app() and app_info_from_sim_spec(): what trident knows about a
 * simulated app (package, label, version, activities with exported and
 * launcher flags, deep links, permissions), read from the spec's manifest part. The rest
 * of app_info.h lives in device/app_info.c.
 */
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"
#include "device/app_info.h"
#include "device/sim/sim_internal.h"

struct app_info *app_info_from_sim_app(const struct sim_app *app)
{
	struct app_info *info = xcalloc(1, sizeof *info);
	info->package = xstrdup(app->package);
	info->label = xstrdup(app->label);
	info->version = xstrdup(app->version);
	info->launcher_activity = xstrdup(app->activities[app->launcher].name);
	info->activities = xcalloc(app->n_activities, sizeof *info->activities);
	info->n_activities = app->n_activities;
	for (size_t i = 0; i < app->n_activities; i++) {
		info->activities[i].name = xstrdup(app->activities[i].name);
		info->activities[i].exported = app->activities[i].exported;
		info->activities[i].launcher = app->activities[i].launcher;
	}
	info->deep_links = xcalloc(app->n_links + 1, sizeof *info->deep_links);
	info->n_deep_links = app->n_links;
	for (size_t i = 0; i < app->n_links; i++) {
		const struct sim_link *l = &app->links[i];
		struct app_deep_link *d = &info->deep_links[i];
		d->activity = xstrdup(app->activities[l->activity].name);
		d->scheme = xstrdup(l->scheme);
		d->host = xstrdup(l->host);
		d->path = xstrdup(l->path);
		d->uri = xstrdup(l->uri);
	}
	const cJSON *perms = cJSON_GetObjectItemCaseSensitive(app->root, "permissions"), *pm;
	if (cJSON_IsArray(perms))
		cJSON_ArrayForEach(pm, perms)
			if (cJSON_IsString(pm) && pm->valuestring[0])
				app_info_add_permission(info, pm->valuestring);
	return info;
}

/* A spec file, or an APK carrying one (assets/trident-app.json). */
int app_info_from_sim_spec(const char *spec_path, struct app_info **out)
{
	struct sim_app *app = NULL;
	*out = NULL;
	size_t n = strlen(spec_path);
	int err;
	if (n > 4 && !strcmp(spec_path + n - 4, ".apk")) {
		struct strbuf apk = STRBUF_INIT;
		err = sim_app_load_apk(spec_path, &apk, &app);
		strbuf_release(&apk);
	} else {
		err = sim_app_load(spec_path, &app);
	}
	if (err)
		return err;
	*out = app_info_from_sim_app(app);
	sim_app_free(app);
	return TD_OK;
}
