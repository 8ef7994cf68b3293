/*
 * config.h - one JSON configuration: compiled-in defaults, a user's file,
 * then CLI flags, merged in that order.
 *
 * configs/default.json is the schema: it holds every key with its default
 * value, and keys starting with '#' document the key of the same name
 * ("#steps": "how many actions to take"). A user file may only use keys that
 * exist there, with the same JSON type (a default of null accepts a string or
 * null; integers and reals are both "number"). An object whose defaults carry
 * the key "#open" accepts any key (maps such as a price table). Arrays are
 * replaced, not merged. '#' keys in user files are ignored, so a user file can
 * be commented the same way.
 *
 * Errors name the file and the key path:
 *   "my.json: llm.modle: unknown key"
 *   "my.json: explorer.steps: expected a number, got a string"
 *
 * Getters take a dotted path ("llm.model"). Asking for a path that is not in
 * the defaults, or for the wrong type, is a programmer error and aborts.
 * Getters are safe to call from any thread once loading is finished.
 */
#ifndef TRIDENT_CORE_CONFIG_H
#define TRIDENT_CORE_CONFIG_H

#include <stdbool.h>

#include "core/error.h"

struct config;
struct cJSON;

/*
 * Load the compiled-in defaults and merge `user_path` over them (NULL: none).
 * TD_ERR_NOT_FOUND, TD_ERR_PARSE or TD_ERR_CONFIG with a message naming the
 * file, the place and the reason.
 */
int config_load(struct config **out, const char *user_path) TD_MUST_CHECK;
/* The compiled-in defaults alone. Never fails. */
struct config *config_defaults(void);
/*
 * `cfg`, or when it is NULL the compiled-in defaults (parsed once, shared,
 * never freed): code that may run without a config reads its settings
 * through this, so every default lives in configs/default.json only.
 */
const struct config *config_or_builtin(const struct config *cfg);
void config_free(struct config *cfg);

/* Merge a JSON document given as text, named `origin` in error messages. */
int config_merge_text(struct config *cfg, const char *text, const char *origin) TD_MUST_CHECK;

/*
 * Set one key from a CLI flag: `value` is parsed according to the default's
 * type ("12", "true", "gpt-4o", or JSON for arrays). TD_ERR_CONFIG names the
 * flag when the key is unknown or the value does not fit.
 */
int config_set(struct config *cfg, const char *path, const char *value) TD_MUST_CHECK;
/*
 * Append the string `value` to the list at `path` (a repeatable flag such as
 * --block); the item is checked like one from a file. TD_ERR_CONFIG when the
 * key is no list or the value does not fit.
 */
int config_append_string(struct config *cfg, const char *path, const char *value) TD_MUST_CHECK;

/* Typed getters (see the header comment for the rules). */
const char *config_string(const struct config *cfg, const char *path); /* may be NULL */
long long config_int(const struct config *cfg, const char *path);
double config_double(const struct config *cfg, const char *path);
bool config_bool(const struct config *cfg, const char *path);
/* The raw node for arrays and open maps; owned by the config. */
const struct cJSON *config_node(const struct config *cfg, const char *path);
/* Whether `path` exists in the defaults. */
bool config_has(const struct config *cfg, const char *path);

/* The effective configuration as pretty JSON, documentation keys left out. */
char *config_dump(const struct config *cfg);

#endif
