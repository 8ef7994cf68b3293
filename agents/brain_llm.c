/*
 * brain_llm.c - the "llm" brain kind: Trident's Explorer, Monitor and
 * Detector decisions asked of a multimodal model (seeds 001 §II).
 *
 * Explorer: the annotated screenshot, its legend, the widget list, the app
 * info, the testing history (text view) and the Detector's explore
 * optimisation; by default the same request also asks the Monitor's
 * functionality inquiry (merged request, §II-D). Monitor: when the Explorer
 * did not ask (agents.merged_request false), its own request with the
 * current step's screenshot, the testing records and the history strip.
 * Detector: the functionality chain of thought (functionality -> expected
 * path -> actual path -> verdict), the history strip of the segment, and the
 * top-K most similar bug examples. Templates and schemas: prompts/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/brain_llm.h"
#include "agents/prompts.h"
#include "agents/rundir.h"
#include "core/annotate.h"
#include "core/config.h"
#include "core/image.h"
#include "core/screen_text.h"
#include "core/llm.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/app_info.h"

/* Named images a rendered prompt may place. */
struct named_image {
	const char *name;
	const unsigned char *png;
	size_t len;
};

/* Build a request from a rendered prompt; images by name (missing ones are left out). */
static struct llm_request *request_from(const struct prompt *p, const char *agent, const char *schema_name,
					const cJSON *schema, const struct named_image *imgs, size_t n_imgs,
					bool send_images)
{
	struct llm_request *req = llm_request_new(agent, schema_name);
	llm_request_system(req, p->system);
	for (size_t i = 0; i < p->n_parts; i++) {
		if (p->parts[i].text) {
			llm_request_text(req, p->parts[i].text);
			continue;
		}
		for (size_t k = 0; send_images && k < n_imgs; k++)
			if (!strcmp(imgs[k].name, p->parts[i].image) && imgs[k].png && imgs[k].len)
				llm_request_image_png(req, imgs[k].png, imgs[k].len, LLM_DETAIL_DEFAULT);
	}
	llm_request_schema(req, schema);
	return req;
}

/* The app info block. Caller frees. */
static char *app_info_text(struct agent_env *env, const char *activity)
{
	struct strbuf sb = STRBUF_INIT;
	if (annotate_app_info(agent_env_app(env), activity, &sb) != TD_OK)
		strbuf_reset(&sb);
	return strbuf_detach(&sb, NULL);
}

/* The nine categories as prompt text. Caller frees. */
static char *categories_text(void)
{
	struct strbuf sb = STRBUF_INIT;
	for (int c = 0; c < BUG_CATEGORIES_NONCRASH; c++)
		(void)strbuf_addf(&sb, "- %s: %s\n", bug_category_name((enum bug_category)c),
				  bug_category_help((enum bug_category)c));
	return strbuf_detach(&sb, NULL);
}

/* A string member or NULL. */
static const char *str_member(const cJSON *o, const char *k)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
}

/* Parse the monitor object of an answer into a note. */
static void note_from_json(const cJSON *m, struct step_note *note)
{
	const char *f, *st;
	const cJSON *fo;
	if (!cJSON_IsObject(m))
		return;
	fo = cJSON_GetObjectItemCaseSensitive(m, "functionality");
	if (cJSON_IsObject(fo)) {
		f = str_member(fo, "name");
		if (str_member(fo, "description"))
			note->functionality_description = xstrdup(str_member(fo, "description"));
	} else {
		f = cJSON_GetStringValue(fo);
		if (str_member(m, "functionality_description"))
			note->functionality_description = xstrdup(str_member(m, "functionality_description"));
	}
	if (!f || !f[0])
		return;
	note->valid = true;
	note->functionality = xstrdup(f);
	st = str_member(m, "status");
	note->status = func_status_parse(st) == FUNC_FULL ? FUNC_FULL : FUNC_PARTIAL;
	if (str_member(m, "page_description"))
		note->page_description = xstrdup(str_member(m, "page_description"));
	note->functionality_done = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "functionality_done"));
}

/* The functionality inquiry text (user part of functionality.md). Caller frees; NULL on error. */
static char *inquiry_text(struct agent_env *env, int *err)
{
	struct prompt p;
	struct strbuf sb = STRBUF_INIT;
	*err = prompt_render_file(agent_env_prompts_dir(env), "functionality.md", NULL, 0, &p);
	if (*err != TD_OK)
		return NULL;
	for (size_t i = 0; i < p.n_parts; i++)
		if (p.parts[i].text)
			(void)strbuf_adds(&sb, p.parts[i].text);
	prompt_release(&p);
	return strbuf_detach(&sb, NULL);
}

/* --- Explorer --------------------------------------------------------------- */

/* The screen's texts that the widget list does not show, and the app's message. Caller frees. */
static char *explorer_screen_text(const struct brain_screen *s)
{
	struct strbuf sb = STRBUF_INIT;
	const struct ui_widget **shown = xcalloc(s->n_widgets ? s->n_widgets : 1, sizeof(*shown));
	for (size_t i = 0; i < s->n_widgets; i++)
		shown[i] = s->widgets[i].w;
	if (s->feedback && s->feedback[0])
		(void)strbuf_addf(&sb, "Message shown by the app (toast): \"%s\"\n", s->feedback);
	if (s->tree && screen_text(s->tree, &s->tree->screen, shown, s->n_widgets, 24, &sb) != TD_OK)
		log_warn("step %d: the screen's text is too long", s->step);
	free(shown);
	if (!sb.len)
		(void)strbuf_adds(&sb, "(none)\n");
	return strbuf_detach(&sb, NULL);
}

struct llm_explorer {
	cJSON *schema;
	bool merged, send_images;
	int history_tokens;
};

static int llm_explorer_choose(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *s,
			       const struct brain_hints *hints, const char *feedback,
			       struct action *out, struct step_note *note)
{
	struct llm_explorer *st = b->state;
	struct prompt p;
	struct llm_request *req;
	cJSON *answer = NULL;
	char *app = app_info_text(env, s->activity);
	char *hist = history_text_view(agent_env_history(env), st->history_tokens);
	char *hint = brain_hints_text(hints);
	char *cur = history_current_functionality(agent_env_history(env));
	char *texts = explorer_screen_text(s);
	char *inquiry = NULL, *fb = NULL, *goal = NULL, step[32], budget[32];
	int err = TD_OK;

	if (st->merged) {
		inquiry = inquiry_text(env, &err);
		if (err != TD_OK)
			goto out;
	}
	if (feedback)
		fb = xasprintf("Your previous answer did not match the screen: %s. Check the widget number "
			       "against the screenshot and the widget list, and answer again.", feedback);
	snprintf(step, sizeof(step), "%d", s->step);
	snprintf(budget, sizeof(budget), "%d", agent_env_step_budget(env));
	{
		/* `trident audit --functionality`: the one functionality to carry out. */
		const char *g = config_string(agent_env_config(env), "agents.goal");
		if (g && g[0])
			goal = xasprintf("# Goal\nThe developer asked to audit one functionality: \"%s\". Stay on it: "
					 "take the actions that carry it out from where the app is, with realistic "
					 "inputs, and finish it (save, confirm) so that its result can be judged. Do not "
					 "explore other functionalities.\n", g);
	}
	{
		const struct prompt_var vars[] = {
			{ "goal", goal ? goal : "" },
			{ "app_info", app },
			{ "activity", s->activity },
			{ "legend", s->legend },
			{ "widget_list", s->widget_list && s->widget_list[0] ? s->widget_list : "(no actionable widgets)" },
			{ "screen_text", texts },
			{ "history", hist },
			{ "hints", hint[0] ? hint : "(none yet)" },
			{ "feedback", fb ? fb : "" },
			{ "current_functionality", cur[0] ? cur : "(none yet)" },
			{ "functionality_inquiry", inquiry ? inquiry : "" },
			{ "step", step },
			{ "step_budget", budget },
		};
		err = prompt_render_file(agent_env_prompts_dir(env), "explorer.md", vars,
					 sizeof(vars) / sizeof(vars[0]), &p);
	}
	if (err != TD_OK)
		goto out;
	{
		/* No annotated picture (it could not be drawn): the screenshot as a PNG. */
		unsigned char *plain = NULL;
		size_t plain_len = 0;
		int perr = !s->annotated_png && s->cap
				   ? image_frame_png(s->cap->shot, s->cap->shot_len, "screenshot", &plain, &plain_len)
				   : TD_OK;
		if (perr != TD_OK)
			log_warn("step %d: the screenshot cannot be sent: %s", s->step, td_errmsg(perr));
		const struct named_image imgs[] = {
			{ "screenshot", s->annotated_png ? s->annotated_png : plain,
			  s->annotated_png ? s->annotated_png_len : plain_len },
		};
		req = request_from(&p, "explorer", st->merged ? "explorer_monitor" : "explorer", st->schema,
				   imgs, 1, st->send_images);
		free(plain);
	}
	prompt_release(&p);
	err = agent_env_llm_call(env, req, &answer);
	llm_request_free(req);
	if (err != TD_OK)
		goto out;
	err = action_from_json(cJSON_GetObjectItemCaseSensitive(answer, "action"), out);
	if (err != TD_OK)
		goto out;
	if (!out->reason && str_member(answer, "thought"))
		out->reason = xstrdup(str_member(answer, "thought"));
	if (st->merged)
		note_from_json(cJSON_GetObjectItemCaseSensitive(answer, "monitor"), note);
out:
	cJSON_Delete(answer);
	free(app);
	free(hist);
	free(hint);
	free(cur);
	free(texts);
	free(inquiry);
	free(fb);
	free(goal);
	return err;
}

static void llm_explorer_free(struct explorer_brain *b)
{
	struct llm_explorer *st = b->state;
	cJSON_Delete(st->schema);
	free(st);
	free(b);
}

int brain_llm_explorer_new(struct agent_env *env, bool merged, struct explorer_brain **out)
{
	const struct config *cfg = agent_env_config(env);
	struct llm_explorer *st = xcalloc(1, sizeof(*st));
	struct explorer_brain *b;
	int err;

	*out = NULL;
	st->merged = merged;
	st->send_images = config_bool(cfg, "agents.send_images");
	st->history_tokens = (int)config_int(cfg, "agents.history_max_tokens");
	err = prompt_load_schema(agent_env_prompts_dir(env),
				 st->merged ? "explorer_monitor.schema.json" : "explorer.schema.json", &st->schema);
	if (err != TD_OK) {
		free(st);
		return err;
	}
	b = xcalloc(1, sizeof(*b));
	b->name = "llm";
	b->state = st;
	b->choose = llm_explorer_choose;
	b->free = llm_explorer_free;
	*out = b;
	return TD_OK;
}

static int llm_explorer_new(struct agent_env *env, struct explorer_brain **out)
{
	return brain_llm_explorer_new(env, config_bool(agent_env_config(env), "agents.merged_request"), out);
}

int brain_llm_form_values(struct agent_env *env, const struct brain_screen *s, char ***values)
{
	struct prompt p;
	struct llm_request *req;
	cJSON *answer = NULL, *schema = NULL;
	const cJSON *it;
	char *app = app_info_text(env, s->activity), *texts = explorer_screen_text(s);
	int err;

	*values = NULL;
	err = prompt_load_schema(agent_env_prompts_dir(env), "form_values.schema.json", &schema);
	if (err != TD_OK)
		goto out;
	{
		const struct prompt_var vars[] = {
			{ "app_info", app },
			{ "widget_list", s->widget_list && s->widget_list[0] ? s->widget_list : "(no widgets)" },
			{ "screen_text", texts },
		};
		err = prompt_render_file(agent_env_prompts_dir(env), "form_values.md", vars,
					 sizeof(vars) / sizeof(vars[0]), &p);
	}
	if (err != TD_OK)
		goto out;
	/* Text only: the widget list and the screen's texts name every field. */
	req = request_from(&p, "explorer", "form_values", schema, NULL, 0, false);
	prompt_release(&p);
	err = llm_call(agent_env_llm(env), req, &answer, NULL);
	llm_request_free(req);
	if (err != TD_OK)
		goto out;
	*values = xcalloc(s->n_widgets + 1, sizeof(char *));
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(answer, "values")) {
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(it, "widget");
		const char *t = str_member(it, "text");
		const struct brain_widget *w;
		if (!cJSON_IsNumber(n) || !t || !(w = brain_screen_widget(s, n->valueint)) ||
		    !(w->actions & UI_ACT_INPUT))
			continue;
		free((*values)[w->number]);
		(*values)[w->number] = xstrdup(t);
	}
out:
	cJSON_Delete(answer);
	cJSON_Delete(schema);
	free(app);
	free(texts);
	return err;
}

/* --- Monitor ---------------------------------------------------------------- */

struct llm_monitor {
	cJSON *schema;
	bool send_images;
	int history_tokens, strip_frames;
};

/* Read a run-relative file whole. */
static unsigned char *read_run_file(struct agent_env *env, const char *rel, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char *abs;
	*len = 0;
	if (!rel)
		return NULL;
	abs = rundir_abs(agent_env_rundir(env), rel);
	strbuf_init(&sb, 64u << 20);
	if (strbuf_read_file(&sb, abs) != TD_OK) {
		strbuf_release(&sb);
		free(abs);
		return NULL;
	}
	free(abs);
	return (unsigned char *)strbuf_detach(&sb, len);
}

static int llm_monitor_classify(struct monitor_brain *b, struct agent_env *env, int step,
				const struct step_note *explorer_note, struct step_note *out)
{
	struct llm_monitor *st = b->state;
	struct history *h = agent_env_history(env);
	struct history_step hs;
	struct prompt p;
	struct llm_request *req;
	cJSON *answer = NULL;
	unsigned char *shot = NULL, *strip = NULL;
	size_t shot_len = 0, strip_len = 0;
	char *app = NULL, *hist = NULL, *records = NULL, *inquiry = NULL, *act = NULL;
	int err, first;

	memset(out, 0, sizeof(*out));
	if (explorer_note && explorer_note->valid) {
		/* The merged request already answered the inquiry. */
		out->valid = true;
		out->functionality = xstrdup_or_null(explorer_note->functionality);
		out->functionality_description = xstrdup_or_null(explorer_note->functionality_description);
		out->status = explorer_note->status;
		out->page_description = xstrdup_or_null(explorer_note->page_description);
		out->functionality_done = explorer_note->functionality_done;
		return TD_OK;
	}
	err = history_get_step(h, step, &hs);
	if (err != TD_OK)
		return err;
	if (hs.by) {
		/* The tester's own action (restart, escape): no request; the functionality goes on. */
		char *cur = history_current_functionality(h);
		out->valid = true;
		out->functionality = cur[0] ? cur : xstrdup("Start the app");
		if (!cur[0])
			free(cur);
		out->status = FUNC_PARTIAL;
		out->page_description = xasprintf("the tester's action (%s)", hs.by);
		history_step_release(&hs);
		return TD_OK;
	}
	inquiry = inquiry_text(env, &err);
	if (err != TD_OK)
		goto out;
	app = app_info_text(env, hs.activity);
	hist = history_text_view(h, st->history_tokens);
	first = step - st->strip_frames + 1;
	records = history_segment_text(h, first < 1 ? 1 : first, step);
	act = action_describe(&hs.action);
	shot = read_run_file(env, hs.annotated ? hs.annotated : hs.screenshot, &shot_len);
	if (history_image_view(h, rundir_path(agent_env_rundir(env)), first, step, st->strip_frames,
			       &strip, &strip_len) != TD_OK)
		strip = NULL;
	{
		const struct prompt_var vars[] = {
			{ "app_info", app },
			{ "history", hist },
			{ "records", records },
			{ "action", act },
			{ "activity", hs.activity },
			{ "functionality_inquiry", inquiry },
		};
		err = prompt_render_file(agent_env_prompts_dir(env), "monitor.md", vars,
					 sizeof(vars) / sizeof(vars[0]), &p);
	}
	if (err != TD_OK)
		goto out;
	{
		const struct named_image imgs[] = { { "screenshot", shot, shot_len }, { "history", strip, strip_len } };
		req = request_from(&p, "monitor", "monitor", st->schema, imgs, 2, st->send_images);
	}
	prompt_release(&p);
	err = agent_env_llm_call(env, req, &answer);
	llm_request_free(req);
	if (err == TD_OK)
		note_from_json(answer, out);
out:
	cJSON_Delete(answer);
	history_step_release(&hs);
	free(shot);
	free(strip);
	free(app);
	free(hist);
	free(records);
	free(inquiry);
	free(act);
	return err;
}

static void llm_monitor_free(struct monitor_brain *b)
{
	struct llm_monitor *st = b->state;
	cJSON_Delete(st->schema);
	free(st);
	free(b);
}

static int llm_monitor_new(struct agent_env *env, struct monitor_brain **out)
{
	const struct config *cfg = agent_env_config(env);
	struct llm_monitor *st = xcalloc(1, sizeof(*st));
	struct monitor_brain *b;
	int err = prompt_load_schema(agent_env_prompts_dir(env), "monitor.schema.json", &st->schema);
	*out = NULL;
	if (err != TD_OK) {
		free(st);
		return err;
	}
	st->send_images = config_bool(cfg, "agents.send_images");
	st->history_tokens = (int)config_int(cfg, "agents.history_max_tokens");
	st->strip_frames = (int)config_int(cfg, "agents.strip_max_frames");
	b = xcalloc(1, sizeof(*b));
	b->name = "llm";
	b->state = st;
	b->classify = llm_monitor_classify;
	b->free = llm_monitor_free;
	*out = b;
	return TD_OK;
}

/* --- Detector --------------------------------------------------------------- */

struct llm_detector {
	cJSON *schema;
	struct example_set *examples;
	size_t top_k;
	bool send_images;
	int strip_frames, history_tokens;
	int max_images;          /* history strip images per request (1 or 2) */
	bool compact;            /* no page descriptions, shorter page texts, at most 3 examples */
	int batch_steps;         /* judge consecutive segments together until they span this many steps */
	int held_first;          /* first step of the segments held back; 0 none */
	struct strbuf held_names;/* their names, "A; B" */
};

/* The retrieval query of a segment: its functionality, activities and page descriptions. */
static char *segment_query(struct history *h, const struct history_segment *seg)
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_addf(&sb, "%s\n", seg->name);
	for (int i = seg->first_step; i <= seg->last_step; i++) {
		struct history_step hs;
		if (history_get_step(h, i, &hs) != TD_OK)
			continue;
		(void)strbuf_addf(&sb, "%s %s %s\n", hs.activity ? hs.activity : "",
				  hs.page_description ? hs.page_description : "",
				  hs.action.widget_text ? hs.action.widget_text : "");
		history_step_release(&hs);
	}
	return strbuf_detach(&sb, NULL);
}

/* Join a JSON array of strings into numbered lines (or take a string as is). Caller frees. */
static char *join_lines(const cJSON *v)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *it;
	int i = 0;
	if (cJSON_IsString(v))
		return xstrdup(v->valuestring);
	cJSON_ArrayForEach(it, v) {
		if (!cJSON_IsString(it))
			continue;
		i++;
		(void)strbuf_addf(&sb, "%s%d. %s", i > 1 ? "\n" : "", i, it->valuestring);
	}
	return sb.len ? strbuf_detach(&sb, NULL) : NULL;
}

/* Copy a JSON array of strings into a string vector. */
static void take_paths(const cJSON *v, char ***out, size_t *n)
{
	const cJSON *it;
	cJSON_ArrayForEach(it, v) {
		if (!cJSON_IsString(it) || !it->valuestring[0])
			continue;
		*out = xrealloc(*out, (*n + 1) * sizeof(char *));
		(*out)[(*n)++] = xstrdup(it->valuestring);
	}
}

/*
 * The step whose result shows the bug: shown_at_step (the page after that
 * step's action), else the last step the answer lists. The page after the
 * segment's last action is numbered last_step + 1 in the request, so that
 * number means the last step. -1 when neither names a step of the segment.
 */
static int shown_step(const struct history_segment *seg, const cJSON *o)
{
	const cJSON *it, *shown = cJSON_GetObjectItemCaseSensitive(o, "shown_at_step");
	int s = -1;

	if (cJSON_IsNumber(shown))
		s = shown->valueint; /* cJSON clamps valueint */
	else
		cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(o, "steps"))
			if (cJSON_IsNumber(it) && it->valueint > s && it->valueint <= seg->last_step + 1)
				s = it->valueint;
	if (s == seg->last_step + 1)
		s = seg->last_step;
	return s >= 1 && s >= seg->first_step - 50 && s <= seg->last_step ? s : -1;
}

/*
 * One bug of a Detector answer (`o`: title, description, category, steps,
 * shown_at_step). Its path is built by the engine, not taken from the
 * answer: every recorded action since the last clean start up to and
 * including the step whose result shows the bug (agent_env_bug_path); the
 * steps the answer lists are kept in extra.cited_steps.
 */
static void bug_from_answer(struct agent_env *env, const struct history_segment *seg,
			    const struct detector_verdict *v, const cJSON *o, struct bug *out)
{
	const cJSON *it;
	cJSON *cited = NULL;
	int c = bug_category_parse(str_member(o, "category"));
	int shown = shown_step(seg, o);

	out->category = c >= 0 ? (enum bug_category)c : BUG_CAT_INTERACTION_LOGIC;
	out->title = xstrdup_or_null(str_member(o, "title"));
	out->description = xstrdup_or_null(str_member(o, "description"));
	out->functionality = xstrdup(v->functionality ? v->functionality : seg->name);
	out->expected = xstrdup_or_null(v->expected_path);
	out->actual = xstrdup_or_null(v->actual_path);
	out->found_by = xstrdup("detector");
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(o, "steps")) {
		if (!cJSON_IsNumber(it))
			continue;
		if (!cited)
			cited = cJSON_CreateArray();
		cJSON_AddItemToArray(cited, cJSON_CreateNumber(it->valueint));
	}
	out->extra = cJSON_CreateObject();
	if (cited)
		cJSON_AddItemToObject(out->extra, "cited_steps", cited);
	if (shown < 0)
		shown = seg->last_step;
	cJSON_AddNumberToObject(out->extra, "shown_at_step", shown);
	agent_env_bug_path(env, out, shown);
	/* The page that shows the bug: the screen after that step's action. */
	{
		char *after = rundir_step_rel(shown + 1, ".png");

		bug_add_evidence(out, after);
		free(after);
	}
}

/* Fill the verdict from the answer. */
static void verdict_from_json(struct agent_env *env, const struct history_segment *seg, const cJSON *a,
			      struct detector_verdict *v)
{
	const cJSON *fo = cJSON_GetObjectItemCaseSensitive(a, "functionality"), *it;

	if (cJSON_IsObject(fo) && str_member(fo, "name"))
		v->functionality = xstrdup(str_member(fo, "name"));
	else if (cJSON_IsString(fo))
		v->functionality = xstrdup(fo->valuestring);
	v->expected_path = join_lines(cJSON_GetObjectItemCaseSensitive(a, "expected_path"));
	v->actual_path = join_lines(cJSON_GetObjectItemCaseSensitive(a, "actual_path"));
	take_paths(cJSON_GetObjectItemCaseSensitive(a, "possible_bug_paths"), &v->hints.bug_paths,
		   &v->hints.n_bug_paths);
	take_paths(cJSON_GetObjectItemCaseSensitive(a, "exception_paths"), &v->hints.exception_paths,
		   &v->hints.n_exception_paths);
	{
		const cJSON *list = cJSON_GetObjectItemCaseSensitive(a, "bugs");
		size_t n = 0, k = 0;
		cJSON_ArrayForEach(it, list)
			if (cJSON_IsObject(it) && str_member(it, "title"))
				n++;
		/* The older one-bug form: "bug": true with the fields at top level. */
		if (!n && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(a, "bug"))) {
			v->bug = true;
			bug_from_answer(env, seg, v, a, &v->report);
			return;
		}
		if (!n)
			return;
		v->bug = true;
		v->more = n > 1 ? xcalloc(n - 1, sizeof(*v->more)) : NULL;
		cJSON_ArrayForEach(it, list) {
			struct bug *dst;
			if (!cJSON_IsObject(it) || !str_member(it, "title"))
				continue;
			dst = k ? &v->more[v->n_more++] : &v->report;
			if (k)
				bug_init(dst);
			bug_from_answer(env, seg, v, it, dst);
			k++;
		}
	}
}

/* The texts of the page step `step` was taken on (its steps/NNNN.xml), on one line. Caller frees. */
static char *page_text(struct agent_env *env, int step, int max)
{
	struct strbuf sb = STRBUF_INIT;
	struct ui_tree *t = NULL;
	char *rel = rundir_step_rel(step, ".xml"), *abs = rundir_abs(agent_env_rundir(env), rel);
	if (ui_parse_file(abs, &t) == TD_OK && screen_text(t, NULL, NULL, 0, 24, &sb) == TD_OK) {
		for (size_t i = 0; i < sb.len; i++)
			if (sb.buf[i] == '\n')
				sb.buf[i] = i + 1 < sb.len ? ';' : ' ';
		strbuf_rtrim(&sb);
		if (sb.len > (size_t)max) {
			strbuf_setlen(&sb, (size_t)ui_text_prefix_len(sb.buf, max));
			(void)strbuf_adds(&sb, "...");
		}
	}
	ui_tree_free(t);
	free(rel);
	free(abs);
	return strbuf_detach(&sb, NULL);
}

/* The segment's records, each followed by the text its page showed, then the page after the last action. */
static char *actual_path_text(struct agent_env *env, const struct history_segment *seg, bool compact)
{
	struct history *h = agent_env_history(env);
	struct strbuf sb = STRBUF_INIT;
	char *prev = NULL;
	for (int i = seg->first_step; i <= seg->last_step + 1; i++) {
		char *text = page_text(env, i, compact ? 200 : 400);
		if (i <= seg->last_step) {
			char *rec = history_segment_records(h, i, i, !compact);
			/* A page that shows what the previous one showed is not repeated. */
			if (!prev || strcmp(prev, text))
				(void)strbuf_addf(&sb, "  page text: %s\n", text[0] ? text : "(none)");
			(void)strbuf_adds(&sb, rec);
			free(rec);
			free(prev);
			prev = text;
			continue;
		} else if (text[0]) {
			struct history_step hs;
			/* The step is in the history once the Explorer recorded it; its page exists before. */
			if (history_get_step(h, i, &hs) != TD_OK)
				history_step_init(&hs);
			(void)strbuf_addf(&sb, "the page after the last action (the result of step #%d)%s%s%s: %s\n", i - 1,
					  hs.activity ? " [" : "", hs.activity ? hs.activity : "",
					  hs.activity ? "]" : "",
					  prev && !strcmp(prev, text) ? "(the same text as the page before)" : text);
			history_step_release(&hs);
		}
		free(text);
	}
	free(prev);
	return strbuf_detach(&sb, NULL);
}

/* Titles of the bugs already reported, one per line ("(none)" when there are none). Caller frees. */
static char *reported_text(struct agent_env *env)
{
	struct bug_list *l = agent_env_bugs(env);
	struct strbuf sb = STRBUF_INIT;
	size_t n = l ? bug_list_count(l) : 0;
	for (size_t i = 0; i < n && i < 40; i++) {
		struct bug b;
		if (bug_list_get(l, i, &b) != TD_OK)
			continue;
		(void)strbuf_addf(&sb, "- %s\n", b.title ? b.title : "(untitled)");
		bug_release(&b);
	}
	if (!sb.len)
		(void)strbuf_adds(&sb, "(none)\n");
	return strbuf_detach(&sb, NULL);
}

static int judge_now(struct detector_brain *b, struct agent_env *env, const struct history_segment *seg,
		     struct detector_verdict *out)
{
	struct llm_detector *st = b->state;
	struct history *h = agent_env_history(env);
	struct history_step last;
	struct strbuf ex = STRBUF_INIT;
	struct prompt p;
	struct llm_request *req;
	cJSON *answer = NULL;
	unsigned char *strips[2] = { NULL, NULL };
	size_t strip_lens[2] = { 0, 0 }, idx[32];
	char *query = segment_query(h, seg), *path = actual_path_text(env, seg, st->compact);
	char *funcs = history_functionality_text(h), *cats = categories_text(), *app;
	char *reported = reported_text(env);
	char range[64];
	size_t k = st->top_k > 32 ? 32 : st->top_k, got;
	int err, per_image = st->strip_frames > 0 && st->strip_frames < 6 ? st->strip_frames : 6;

	if (history_get_step(h, seg->last_step, &last) != TD_OK)
		history_step_init(&last);
	app = app_info_text(env, last.activity);
	history_step_release(&last);
	got = example_set_top_k(st->examples, query, k, idx, NULL);
	for (size_t i = 0; i < got; i++) {
		char *t = example_format(example_set_get(st->examples, idx[i]), (int)i + 1);
		(void)strbuf_adds(&ex, t);
		free(t);
	}
	if (!got)
		(void)strbuf_adds(&ex, "(no examples)\n");
	snprintf(range, sizeof(range), "%d to %d", seg->first_step, seg->last_step);
	(void)history_image_views(h, rundir_path(agent_env_rundir(env)), seg->first_step, seg->last_step + 1,
				  per_image, st->max_images, strips, strip_lens);
	{
		const struct prompt_var vars[] = {
			{ "app_info", app },
			{ "functionality", seg->name },
			{ "functionality_list", funcs },
			{ "actual_path", path },
			{ "steps", range },
			{ "examples", ex.buf },
			{ "categories", cats },
			{ "reported", reported },
		};
		err = prompt_render_file(agent_env_prompts_dir(env), "detector.md", vars,
					 sizeof(vars) / sizeof(vars[0]), &p);
	}
	if (err != TD_OK)
		goto out;
	{
		const struct named_image imgs[] = { { "history", strips[0], strip_lens[0] },
						    { "history_more", strips[1], strip_lens[1] } };
		req = request_from(&p, "detector", "detector", st->schema, imgs, 2, st->send_images);
	}
	prompt_release(&p);
	err = agent_env_llm_call(env, req, &answer);
	llm_request_free(req);
	if (err == TD_OK)
		verdict_from_json(env, seg, answer, out);
out:
	cJSON_Delete(answer);
	strbuf_release(&ex);
	free(strips[0]);
	free(strips[1]);
	free(query);
	free(path);
	free(funcs);
	free(cats);
	free(app);
	free(reported);
	return err;
}

/*
 * Judge a finished segment; one shorter than batch_steps waits and is judged
 * with the next ones (segments are consecutive, so together they are one
 * range of steps): one-step functionalities are judged too, without a
 * request each.
 */
static int llm_detector_judge(struct detector_brain *b, struct agent_env *env, const struct history_segment *seg,
			      struct detector_verdict *out)
{
	struct llm_detector *st = b->state;
	struct history_segment all = *seg;
	int err;

	if (!st->held_first || st->held_first > seg->first_step)
		st->held_first = seg->first_step;
	/* Names of the batch, kept short: "A; B; ..." */
	if (st->held_names.len < 80) {
		if (st->held_names.len)
			(void)strbuf_adds(&st->held_names, "; ");
		(void)strbuf_adds(&st->held_names, seg->name);
	} else if (!strstr(st->held_names.buf, "; ...")) {
		(void)strbuf_adds(&st->held_names, "; ...");
	}
	if (!seg->final && seg->last_step - st->held_first + 1 < st->batch_steps) {
		out->deferred = true;
		return TD_OK;
	}
	all.first_step = st->held_first;
	all.name = st->held_names.buf;
	err = judge_now(b, env, &all, out);
	st->held_first = 0;
	strbuf_reset(&st->held_names);
	return err;
}

static void llm_detector_free(struct detector_brain *b)
{
	struct llm_detector *st = b->state;
	strbuf_release(&st->held_names);
	cJSON_Delete(st->schema);
	example_set_free(st->examples);
	free(st);
	free(b);
}

int brain_llm_detector_new(struct agent_env *env, int max_images, int batch_steps, bool compact,
			   struct detector_brain **out)
{
	const struct config *cfg = agent_env_config(env);
	const char *ex_path = config_string(cfg, "agents.bug_examples");
	struct llm_detector *st = xcalloc(1, sizeof(*st));
	struct detector_brain *b;
	char *path;
	int err;

	*out = NULL;
	st->top_k = (size_t)config_int(cfg, "agents.detector_top_k");
	st->max_images = max_images < 1 ? 1 : max_images > 2 ? 2 : max_images;
	st->batch_steps = batch_steps < 1 ? 1 : batch_steps;
	st->compact = compact;
	if (compact && st->top_k > 3)
		st->top_k = 3;
	strbuf_init(&st->held_names, 0);
	st->send_images = config_bool(cfg, "agents.send_images");
	st->strip_frames = (int)config_int(cfg, "agents.strip_max_frames");
	err = prompt_load_schema(agent_env_prompts_dir(env), "detector.schema.json", &st->schema);
	if (err != TD_OK) {
		free(st);
		return err;
	}
	path = ex_path ? xstrdup(ex_path) : xasprintf("%s/bug_examples.jsonl", agent_env_prompts_dir(env));
	err = example_set_load(path, &st->examples);
	free(path);
	if (err != TD_OK) {
		cJSON_Delete(st->schema);
		free(st);
		return err;
	}
	b = xcalloc(1, sizeof(*b));
	b->name = "detector";
	b->state = st;
	b->judge = llm_detector_judge;
	b->free = llm_detector_free;
	*out = b;
	return TD_OK;
}

static int llm_detector_new(struct agent_env *env, struct detector_brain **out)
{
	return brain_llm_detector_new(env, 2, (int)config_int(agent_env_config(env), "agents.detector_batch_steps"),
				      false, out);
}

const struct brain_kind brain_kind_llm = {
	.name = "llm",
	.summary = "a multimodal model decides (Trident: Explorer, Monitor and Detector prompts)",
	.needs_llm = true,
	.new_explorer = llm_explorer_new,
	.new_monitor = llm_monitor_new,
	.new_detector = llm_detector_new,
};
