/*
 * brain_registry.h - every brain kind and plugin kind compiled in.
 *
 * To add a brain kind: define `const struct brain_kind brain_kind_NAME` in a
 * new agents/brain_NAME.c and add X(NAME) to BRAIN_KINDS. To add a plugin:
 * define `const struct plugin_kind plugin_kind_NAME` and add X(NAME) to
 * PLUGIN_KINDS. Order matters: the first kind is listed first in --help, and
 * plugins run in this order.
 */
#ifndef TRIDENT_AGENTS_BRAIN_REGISTRY_H
#define TRIDENT_AGENTS_BRAIN_REGISTRY_H

#define BRAIN_KINDS(X) \
	X(llm) X(hybrid) X(offline) X(random)

#define PLUGIN_KINDS(X) X(login) X(escape) X(oracles) X(genie) X(confirm)

#endif
