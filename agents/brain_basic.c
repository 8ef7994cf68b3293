/*
 * brain_basic.c - the built-in activity monitor: the fallback Monitor brain
 * for kinds that bring none (and for tests). A functionality is the
 * activity's short name joined with the screen title; the page description
 * is the title and the first texts of the screen.
 */
#include <stdlib.h>
#include <string.h>

#include "agents/brain.h"
#include "agents/rundir.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

/* "pkg/.ui.NotesActivity" -> "Notes". Caller frees. */
static char *activity_label(const char *activity)
{
	const char *s = activity && activity[0] ? activity : "Unknown";
	const char *dot = strrchr(s, '.'), *slash = strrchr(s, '/');
	size_t n;
	if (dot && dot[1])
		s = dot + 1;
	else if (slash && slash[1])
		s = slash + 1;
	n = strlen(s);
	if (n > 8 && !strcmp(s + n - 8, "Activity"))
		n -= 8;
	return xstrndup(s, n ? n : strlen(s));
}

/* The title (first text in the top fifth) and the first few texts of a screen. */
static void describe_screen(const struct ui_tree *t, char **title, char **page)
{
	struct strbuf sb = STRBUF_INIT;
	int shown = 0, h = ui_rect_height(&t->screen);
	*title = NULL;
	for (size_t i = 0; i < t->n_nodes && shown < 6; i++) {
		const struct ui_widget *w = t->nodes[i];
		if (!w->text[0] || !ui_widget_visible(w, &t->screen))
			continue;
		if (!*title && w->bounds.y1 < t->screen.y1 + h / 5 && !ui_class_is_editable(w->class_name))
			*title = xstrndup(w->text, (size_t)ui_text_prefix_len(w->text, 60));
		(void)strbuf_addf(&sb, "%s\"%.*s\"", shown ? ", " : "shows ", ui_text_prefix_len(w->text, 40), w->text);
		shown++;
	}
	*page = strbuf_detach(&sb, NULL);
}

static int activity_classify(struct monitor_brain *b, struct agent_env *env, int step,
			     const struct step_note *explorer_note, struct step_note *out)
{
	struct history_step hs;
	struct ui_tree *tree = NULL;
	char *label, *title = NULL, *page = NULL;
	int err;

	(void)b;
	memset(out, 0, sizeof(*out));
	err = history_get_step(agent_env_history(env), step, &hs);
	if (err != TD_OK)
		return err;
	label = activity_label(hs.activity);
	if (hs.xml) {
		char *abs = rundir_abs(agent_env_rundir(env), hs.xml);
		if (ui_parse_file(abs, &tree) == TD_OK)
			describe_screen(tree, &title, &page);
		free(abs);
	}
	out->valid = true;
	if (explorer_note && explorer_note->valid && explorer_note->functionality) {
		out->functionality = xstrdup(explorer_note->functionality);
		out->status = explorer_note->status;
		out->functionality_done = explorer_note->functionality_done;
	} else {
		out->functionality = title ? xasprintf("%s: %s", label, title) : xstrdup(label);
		out->status = FUNC_PARTIAL;
	}
	if (explorer_note && explorer_note->valid && explorer_note->page_description)
		out->page_description = xstrdup(explorer_note->page_description);
	else
		out->page_description = xasprintf("%s screen %s", label, page ? page : "");
	ui_tree_free(tree);
	free(label);
	free(title);
	free(page);
	history_step_release(&hs);
	return TD_OK;
}

static void activity_free(struct monitor_brain *b)
{
	free(b);
}

int brain_activity_monitor_new(struct agent_env *env, struct monitor_brain **out)
{
	struct monitor_brain *b = xcalloc(1, sizeof(*b));
	(void)env;
	b->name = "activity";
	b->classify = activity_classify;
	b->free = activity_free;
	*out = b;
	return TD_OK;
}
