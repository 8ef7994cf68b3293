/*
 * registry.c - the brain and plugin kind tables built from the X-macro lists
 * in agents/brain_registry.h (the only file that names every kind).
 */
#include <stddef.h>
#include <string.h>

#include "agents/brain.h"
#include "agents/brain_registry.h"

#define DECLARE_BRAIN(n) extern const struct brain_kind brain_kind_##n;
#define LIST_BRAIN(n) &brain_kind_##n,
#define DECLARE_PLUGIN(n) extern const struct plugin_kind plugin_kind_##n;
#define LIST_PLUGIN(n) &plugin_kind_##n,
BRAIN_KINDS(DECLARE_BRAIN)
PLUGIN_KINDS(DECLARE_PLUGIN)

static const struct brain_kind *const all_brains[] = { BRAIN_KINDS(LIST_BRAIN) NULL };
static const struct plugin_kind *const all_plugins[] = { PLUGIN_KINDS(LIST_PLUGIN) NULL };

const struct brain_kind *const *brain_kinds(size_t *n)
{
	*n = sizeof(all_brains) / sizeof(all_brains[0]) - 1;
	return all_brains;
}

const struct plugin_kind *const *plugin_kinds(size_t *n)
{
	*n = sizeof(all_plugins) / sizeof(all_plugins[0]) - 1;
	return all_plugins;
}

const struct brain_kind *brain_kind_find(const char *name)
{
	for (size_t i = 0; all_brains[i]; i++)
		if (name && !strcmp(all_brains[i]->name, name))
			return all_brains[i];
	return NULL;
}
