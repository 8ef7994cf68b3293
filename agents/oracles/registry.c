/*
 * registry.c - the oracle table built from ORACLE_KINDS (oracle_kind.h).
 */
#include <string.h>

#include "agents/oracles/oracle_kind.h"

#define ORACLE_KIND_LIST(n) &oracle_kind_##n,
static const struct oracle_kind *const all_oracles[] = { ORACLE_KINDS(ORACLE_KIND_LIST) NULL };

const struct oracle_kind *const *oracle_kinds(size_t *n)
{
	*n = ORACLE_KIND_COUNT;
	return all_oracles;
}

const struct oracle_kind *oracle_kind_find(const char *name)
{
	for (size_t i = 0; name && all_oracles[i]; i++)
		if (!strcmp(all_oracles[i]->name, name))
			return all_oracles[i];
	return NULL;
}

int oracle_kind_index(const struct oracle_kind *k)
{
	for (int i = 0; all_oracles[i]; i++)
		if (all_oracles[i] == k)
			return i;
	return -1;
}
