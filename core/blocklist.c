/*
 * blocklist.c - parse and match the user's blocklist patterns (blocklist.h).
 * The Explorer asks it before every action (agents/explorer.c), the loop
 * escape before choosing a target activity (agents/loops.c), and the
 * configuration loader validates run.block with blocklist_pattern_error().
 */
/* FNM_CASEFOLD needs _GNU_SOURCE, which the build defines. */
#include "core/blocklist.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/xalloc.h"

enum block_kind { BLOCK_TEXT, BLOCK_ID, BLOCK_ACTIVITY };

static const struct {
	const char *name;
	enum block_kind kind;
} kinds[] = { { "text", BLOCK_TEXT }, { "id", BLOCK_ID }, { "activity", BLOCK_ACTIVITY } };

struct block_pattern {
	char *given;     /* as written */
	enum block_kind kind;
	char *glob;      /* after KIND: */
};

struct blocklist {
	struct block_pattern *p;
	size_t n, alloc;
};

/* Split `pattern` into kind and glob; a malloc'd reason when it is invalid. */
static char *split(const char *pattern, enum block_kind *kind, const char **glob)
{
	const char *colon = strchr(pattern, ':');
	size_t len = strlen(pattern);
	bool word = colon && colon > pattern;

	if (!len)
		return xstrdup("an empty pattern");
	if (len > BLOCKLIST_PATTERN_MAX)
		return xasprintf("longer than %d characters", BLOCKLIST_PATTERN_MAX);
	*kind = BLOCK_TEXT;
	*glob = pattern;
	for (const char *c = pattern; word && c < colon; c++)
		if (!isalpha((unsigned char)*c) && *c != '_' && *c != '-')
			word = false;
	if (word) {
		size_t k;
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			if ((size_t)(colon - pattern) == strlen(kinds[k].name) &&
			    !strncasecmp(pattern, kinds[k].name, strlen(kinds[k].name)))
				break;
		if (k == sizeof(kinds) / sizeof(kinds[0]))
			return xasprintf("unknown kind '%.*s' (text:, id: or activity:; a text holding a colon "
					 "is written text:...)", (int)(colon - pattern), pattern);
		*kind = kinds[k].kind;
		*glob = colon + 1;
	}
	while (**glob == ' ')
		(*glob)++;
	if (!**glob)
		return xstrdup("nothing to match after the kind");
	{
		/* An unclosed '[' never matches anything: refuse it rather than block nothing. */
		const char *open = strchr(*glob, '[');
		if (open && !strchr(open + 1, ']'))
			return xstrdup("an unclosed '['");
	}
	return NULL;
}

char *blocklist_pattern_error(const char *pattern)
{
	enum block_kind kind;
	const char *glob;
	return split(pattern ? pattern : "", &kind, &glob);
}

struct blocklist *blocklist_new(void)
{
	return xcalloc(1, sizeof(struct blocklist));
}

void blocklist_free(struct blocklist *bl)
{
	if (!bl)
		return;
	for (size_t i = 0; i < bl->n; i++) {
		free(bl->p[i].given);
		free(bl->p[i].glob);
	}
	free(bl->p);
	free(bl);
}

int blocklist_add(struct blocklist *bl, const char *pattern, const char *where)
{
	enum block_kind kind;
	const char *glob;
	char *why = split(pattern ? pattern : "", &kind, &glob);
	size_t end;

	if (why) {
		int err = td_error(TD_ERR_CONFIG, "%s: blocklist pattern '%s': %s", where, pattern ? pattern : "",
				   why);
		free(why);
		return err;
	}
	bl->p = xgrow(bl->p, &bl->alloc, bl->n + 1, sizeof(*bl->p));
	bl->p[bl->n].given = xstrdup(pattern);
	bl->p[bl->n].kind = kind;
	end = strlen(glob);
	while (end && glob[end - 1] == ' ')
		end--;
	bl->p[bl->n].glob = xstrndup(glob, end);
	bl->n++;
	return TD_OK;
}

size_t blocklist_count(const struct blocklist *bl)
{
	return bl ? bl->n : 0;
}

const char *blocklist_pattern(const struct blocklist *bl, size_t i)
{
	return bl && i < bl->n ? bl->p[i].given : NULL;
}

/* fnmatch, case-insensitive, on `s` without surrounding white space. */
static bool glob_matches(const char *glob, const char *s)
{
	char buf[512];
	size_t len;

	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (!len)
		return false;
	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return fnmatch(glob, buf, FNM_CASEFOLD) == 0;
}

/* The pattern matching this one widget (not its children), or NULL. */
static const char *match_one(const struct blocklist *bl, const struct ui_widget *w)
{
	for (size_t i = 0; i < bl->n; i++) {
		const struct block_pattern *p = &bl->p[i];
		if (p->kind == BLOCK_TEXT && (glob_matches(p->glob, w->text) || glob_matches(p->glob, w->content_desc)))
			return p->given;
		if (p->kind == BLOCK_ID && w->resource_id[0]) {
			const char *name = strstr(w->resource_id, ":id/");
			if (glob_matches(p->glob, w->resource_id) || (name && glob_matches(p->glob, name + 4)))
				return p->given;
		}
	}
	return NULL;
}

static const char *match_within(const struct blocklist *bl, const struct ui_widget *w, int depth)
{
	const char *hit = match_one(bl, w);
	for (size_t i = 0; !hit && depth < 8 && i < w->n_children; i++)
		hit = match_within(bl, w->children[i], depth + 1);
	return hit;
}

const char *blocklist_match_widget(const struct blocklist *bl, const struct ui_widget *w, bool inside)
{
	if (!bl || !bl->n || !w)
		return NULL;
	return inside ? match_within(bl, w, 0) : match_one(bl, w);
}

const char *blocklist_match_activity(const struct blocklist *bl, const char *activity, const char *package)
{
	char full[512], rel[512], pkg[256];
	const char *slash, *cls, *simple;
	size_t plen;

	if (!bl || !bl->n || !activity || !activity[0])
		return NULL;
	/* The fully qualified class name. */
	slash = strchr(activity, '/');
	if (slash) {
		plen = (size_t)(slash - activity);
		cls = slash + 1;
		if (cls[0] == '.')
			snprintf(full, sizeof(full), "%.*s%s", (int)plen, activity, cls);
		else
			snprintf(full, sizeof(full), "%s", cls);
		snprintf(pkg, sizeof(pkg), "%.*s", (int)plen, activity);
		package = pkg;
	} else {
		snprintf(full, sizeof(full), "%s", activity);
	}
	/* Relative to the package: ".Act" */
	plen = package ? strlen(package) : 0;
	if (plen && !strncmp(full, package, plen) && full[plen] == '.')
		snprintf(rel, sizeof(rel), "%s", full + plen);
	else
		rel[0] = '\0';
	simple = strrchr(full, '.');
	simple = simple ? simple + 1 : full;
	for (size_t i = 0; i < bl->n; i++) {
		const struct block_pattern *p = &bl->p[i];
		if (p->kind != BLOCK_ACTIVITY)
			continue;
		if (glob_matches(p->glob, full) || (rel[0] && glob_matches(p->glob, rel)) ||
		    glob_matches(p->glob, simple))
			return p->given;
	}
	return NULL;
}
