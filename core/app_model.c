/*
 * app_model.c - operations on the plain app types of app_model.h that need
 * nothing but memory: freeing an app_info, and its permission list with
 * Android's runtime ("dangerous") permission table. Kept in core/ so that
 * both device backends and the simulator library fill app_info without
 * depending on each other.
 */
#include "core/app_model.h"

#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

void app_info_free(struct app_info *info)
{
	if (!info)
		return;
	free(info->package);
	free(info->label);
	free(info->version);
	free(info->launcher_activity);
	for (size_t i = 0; i < info->n_activities; i++)
		free(info->activities[i].name);
	free(info->activities);
	for (size_t i = 0; i < info->n_deep_links; i++) {
		struct app_deep_link *d = &info->deep_links[i];
		free(d->activity);
		free(d->scheme);
		free(d->host);
		free(d->path);
		free(d->uri);
	}
	free(info->deep_links);
	for (size_t i = 0; i < info->n_components; i++) {
		free(info->components[i].kind);
		free(info->components[i].name);
	}
	free(info->components);
	for (size_t i = 0; i < info->n_permissions; i++)
		free(info->permissions[i].name);
	free(info->permissions);
	free(info);
}

/* Android's runtime permissions (protection level "dangerous"). */
static const char *const dangerous_permissions[] = {
	"READ_CALENDAR", "WRITE_CALENDAR", "CAMERA", "READ_CONTACTS", "WRITE_CONTACTS", "GET_ACCOUNTS",
	"ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION", "ACCESS_BACKGROUND_LOCATION", "RECORD_AUDIO",
	"READ_PHONE_STATE", "READ_PHONE_NUMBERS", "CALL_PHONE", "ANSWER_PHONE_CALLS", "READ_CALL_LOG",
	"WRITE_CALL_LOG", "ADD_VOICEMAIL", "USE_SIP", "PROCESS_OUTGOING_CALLS", "BODY_SENSORS",
	"BODY_SENSORS_BACKGROUND", "SEND_SMS", "RECEIVE_SMS", "READ_SMS", "RECEIVE_WAP_PUSH",
	"RECEIVE_MMS", "READ_EXTERNAL_STORAGE", "WRITE_EXTERNAL_STORAGE", "ACCESS_MEDIA_LOCATION",
	"ACTIVITY_RECOGNITION", "BLUETOOTH_SCAN", "BLUETOOTH_CONNECT", "BLUETOOTH_ADVERTISE",
	"UWB_RANGING", "NEARBY_WIFI_DEVICES", "POST_NOTIFICATIONS", "READ_MEDIA_IMAGES",
	"READ_MEDIA_VIDEO", "READ_MEDIA_AUDIO", "READ_MEDIA_VISUAL_USER_SELECTED", NULL,
};

bool app_permission_is_dangerous(const char *permission)
{
	const char *prefix = "android.permission.";
	if (!permission || strncmp(permission, prefix, strlen(prefix)) != 0)
		return false;
	for (size_t i = 0; dangerous_permissions[i]; i++)
		if (!strcmp(permission + strlen(prefix), dangerous_permissions[i]))
			return true;
	return false;
}

void app_info_add_permission(struct app_info *info, const char *permission)
{
	for (size_t i = 0; i < info->n_permissions; i++)
		if (!strcmp(info->permissions[i].name, permission))
			return;
	info->permissions = xrealloc(info->permissions, (info->n_permissions + 1) * sizeof *info->permissions);
	info->permissions[info->n_permissions].name = xstrdup(permission);
	info->permissions[info->n_permissions].dangerous = app_permission_is_dangerous(permission);
	info->n_permissions++;
}
