/*
 * offline_shared.h - what the offline brain and the offline plugins share
 * within one run: the events blocked by tarpit recovery (the escape plugin
 * blocks, the offline Explorer brain never chooses them again) and the
 * login script (run after every start by the login plugin, and before every
 * replay by the confirm and Genie plugins).
 *
 * One record per run, kept on its struct agent_env (no process globals),
 * created on first use and reference-counted: every brain or plugin that
 * calls offline_shared_get() calls offline_shared_put() when it is freed,
 * before the env goes. Thread-safe (one mutex per record, plus the env's
 * shared_mutex; never held together).
 */
#ifndef TRIDENT_AGENTS_OFFLINE_SHARED_H
#define TRIDENT_AGENTS_OFFLINE_SHARED_H

#include <stdbool.h>
#include <stdint.h>

#include "core/error.h"

struct agent_env;
struct login_script;
struct offline_shared;

/* The run's record (created, with the login script loaded from offline.login, on first use). */
struct offline_shared *offline_shared_get(struct agent_env *env);
void offline_shared_put(struct offline_shared *sh);

/* Block an event key (offline_event_key) for the rest of the run. */
void offline_shared_block(struct offline_shared *sh, uint64_t event_key);
/* Whether a key is blocked. */
bool offline_shared_blocked(struct offline_shared *sh, uint64_t event_key);
/* Keys blocked since `*cursor` (advanced); for the brain to import. Returns the count copied. */
size_t offline_shared_blocked_since(struct offline_shared *sh, size_t *cursor, uint64_t *out, size_t max);

/* The login script (NULL when none is configured); owned by the record. */
const struct login_script *offline_shared_login(struct offline_shared *sh);
/* Error loading the login script (TD_OK when none or loaded) and its message. */
int offline_shared_login_error(struct offline_shared *sh, const char **msg);

#endif
