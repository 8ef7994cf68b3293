/*
 * offline_shared.c - the per-run record shared by the offline brain and
 * plugins (see offline_shared.h). The record hangs off the run's struct
 * agent_env (offline_shared), made and counted under the env's
 * shared_mutex. Lock order: the env's shared_mutex is never held while a
 * record's lock is taken, and the other way round.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "agents/agent_env_internal.h"
#include "agents/brain.h"
#include "agents/login.h"
#include "agents/offline_shared.h"
#include "core/config.h"
#include "core/xalloc.h"

struct offline_shared {
	struct agent_env *env;
	int refs;
	pthread_mutex_t lock;
	uint64_t *blocked;
	size_t n_blocked, alloc_blocked;
	struct login_script *login;
	int login_err;
	char *login_msg;
};

struct offline_shared *offline_shared_get(struct agent_env *env)
{
	struct offline_shared *sh;
	const struct config *cfg = agent_env_config(env);
	const char *path = config_string(cfg, "offline.login");

	pthread_mutex_lock(&env->shared_mutex);
	sh = env->offline_shared;
	if (sh) {
		sh->refs++;
		pthread_mutex_unlock(&env->shared_mutex);
		return sh;
	}
	sh = xcalloc(1, sizeof(*sh));
	sh->env = env;
	sh->refs = 1;
	pthread_mutex_init(&sh->lock, NULL);
	if (path && *path) {
		sh->login_err = login_script_load(path, &sh->login);
		if (sh->login_err != TD_OK)
			sh->login_msg = xstrdup(td_errmsg(sh->login_err));
	}
	env->offline_shared = sh;
	pthread_mutex_unlock(&env->shared_mutex);
	return sh;
}

void offline_shared_put(struct offline_shared *sh)
{
	struct agent_env *env;

	if (!sh)
		return;
	env = sh->env;
	pthread_mutex_lock(&env->shared_mutex);
	if (--sh->refs > 0) {
		pthread_mutex_unlock(&env->shared_mutex);
		return;
	}
	env->offline_shared = NULL;
	pthread_mutex_unlock(&env->shared_mutex);
	pthread_mutex_destroy(&sh->lock);
	free(sh->blocked);
	login_script_free(sh->login);
	free(sh->login_msg);
	free(sh);
}

void offline_shared_block(struct offline_shared *sh, uint64_t event_key)
{
	pthread_mutex_lock(&sh->lock);
	sh->blocked = xgrow(sh->blocked, &sh->alloc_blocked, sh->n_blocked + 1, sizeof(*sh->blocked));
	sh->blocked[sh->n_blocked++] = event_key;
	pthread_mutex_unlock(&sh->lock);
}

bool offline_shared_blocked(struct offline_shared *sh, uint64_t event_key)
{
	bool found = false;

	pthread_mutex_lock(&sh->lock);
	for (size_t i = 0; i < sh->n_blocked && !found; i++)
		found = sh->blocked[i] == event_key;
	pthread_mutex_unlock(&sh->lock);
	return found;
}

size_t offline_shared_blocked_since(struct offline_shared *sh, size_t *cursor, uint64_t *out, size_t max)
{
	size_t n = 0;

	pthread_mutex_lock(&sh->lock);
	while (*cursor < sh->n_blocked && n < max)
		out[n++] = sh->blocked[(*cursor)++];
	pthread_mutex_unlock(&sh->lock);
	return n;
}

const struct login_script *offline_shared_login(struct offline_shared *sh)
{
	return sh->login;
}

int offline_shared_login_error(struct offline_shared *sh, const char **msg)
{
	if (msg)
		*msg = sh->login_msg;
	return sh->login_err;
}
