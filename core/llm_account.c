/*
 * llm_account.c - what the model costs: requests, tokens, money and latency
 * per agent and per run, and the token and money budgets that stop a run.
 *
 * Prices come from llm.prices (USD per million tokens, by exact model name,
 * else the longest prefix, so "claude-sonnet-4-5-20250929" finds
 * "claude-sonnet-4-5"). One mutex guards everything; callers never hold it
 * across I/O.
 */
#include "core/llm_internal.h"

#include <cjson/cJSON.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/xalloc.h"

struct agent_usage {
	char *name;
	struct llm_usage u;
};

struct llm_account {
	pthread_mutex_t lock;
	cJSON *prices;               /* copy of llm.prices */
	long budget_tokens;          /* 0: unlimited */
	double budget_usd;           /* 0: unlimited */
	struct llm_usage total;
	struct agent_usage *agents;
	size_t n_agents, alloc_agents;
};

struct llm_account *llm_account_new(const struct config *cfg)
{
	struct llm_account *a = xcalloc(1, sizeof *a);
	pthread_mutex_init(&a->lock, NULL);
	const cJSON *prices = config_node(cfg, "llm.prices");
	a->prices = cJSON_Duplicate(prices, 1);
	long long bt = config_int(cfg, "llm.budget_tokens");
	a->budget_tokens = bt > 0 ? (long)bt : 0;
	double bu = config_double(cfg, "llm.budget_usd");
	a->budget_usd = bu > 0 ? bu : 0;
	return a;
}

void llm_account_free(struct llm_account *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->n_agents; i++)
		free(a->agents[i].name);
	free(a->agents);
	cJSON_Delete(a->prices);
	pthread_mutex_destroy(&a->lock);
	free(a);
}

void llm_account_price(const struct llm_account *a, const char *model, double *prompt,
		       double *completion)
{
	*prompt = *completion = 0;
	const cJSON *best = NULL;
	size_t best_len = 0;
	const cJSON *e;
	cJSON_ArrayForEach(e, a->prices) {
		if (!e->string || e->string[0] == '#' || !cJSON_IsObject(e))
			continue;
		size_t n = strlen(e->string);
		if (!strcmp(e->string, model)) {
			best = e;
			break;
		}
		if (n > best_len && !strncmp(model, e->string, n)) {
			best = e;
			best_len = n;
		}
	}
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(best, "prompt");
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(best, "completion");
	if (cJSON_IsNumber(p) && p->valuedouble > 0)
		*prompt = p->valuedouble;
	if (cJSON_IsNumber(c) && c->valuedouble > 0)
		*completion = c->valuedouble;
}

/* The usage slot of `agent`, created on first use; lock held. */
static struct llm_usage *slot(struct llm_account *a, const char *agent)
{
	for (size_t i = 0; i < a->n_agents; i++)
		if (!strcmp(a->agents[i].name, agent))
			return &a->agents[i].u;
	a->agents = xgrow(a->agents, &a->alloc_agents, a->n_agents + 1, sizeof *a->agents);
	struct agent_usage *s = &a->agents[a->n_agents++];
	memset(s, 0, sizeof *s);
	s->name = xstrdup(agent);
	return &s->u;
}

double llm_account_request(struct llm_account *a, const char *agent, const char *model,
			   long prompt_tokens, long completion_tokens, bool estimated,
			   double latency_ms)
{
	double pp, cp;
	llm_account_price(a, model, &pp, &cp);
	double cost = (prompt_tokens * pp + completion_tokens * cp) / 1e6;
	pthread_mutex_lock(&a->lock);
	struct llm_usage *us[2] = { &a->total, slot(a, agent) };
	for (int i = 0; i < 2; i++) {
		us[i]->requests++;
		us[i]->prompt_tokens += prompt_tokens;
		us[i]->completion_tokens += completion_tokens;
		if (estimated)
			us[i]->estimated_tokens += prompt_tokens + completion_tokens;
		us[i]->cost_usd += cost;
		us[i]->latency_ms += latency_ms;
	}
	pthread_mutex_unlock(&a->lock);
	return cost;
}

void llm_account_call(struct llm_account *a, const char *agent, int err, bool cached,
		      int retries, int invalid_answers)
{
	pthread_mutex_lock(&a->lock);
	struct llm_usage *us[2] = { &a->total, slot(a, agent) };
	for (int i = 0; i < 2; i++) {
		us[i]->calls++;
		us[i]->failures += err != TD_OK;
		us[i]->cache_hits += cached;
		us[i]->retries += retries;
		us[i]->invalid_answers += invalid_answers;
	}
	pthread_mutex_unlock(&a->lock);
}

int llm_account_check_budget(struct llm_account *a)
{
	pthread_mutex_lock(&a->lock);
	long used = a->total.prompt_tokens + a->total.completion_tokens;
	double spent = a->total.cost_usd;
	pthread_mutex_unlock(&a->lock);
	if (a->budget_tokens && used >= a->budget_tokens)
		return td_error(TD_ERR_BUDGET, "the token budget is spent: %ld of llm.budget_tokens "
				"%ld used; raise it to continue", used, a->budget_tokens);
	if (a->budget_usd > 0 && spent >= a->budget_usd)
		return td_error(TD_ERR_BUDGET, "the money budget is spent: $%.4f of llm.budget_usd "
				"$%.4f; raise it to continue", spent, a->budget_usd);
	return TD_OK;
}

void llm_account_agent(const struct llm_account *a, const char *agent, struct llm_usage *out)
{
	struct llm_account *m = (struct llm_account *)a; /* the lock only */
	memset(out, 0, sizeof *out);
	pthread_mutex_lock(&m->lock);
	for (size_t i = 0; i < a->n_agents; i++)
		if (!strcmp(a->agents[i].name, agent))
			*out = a->agents[i].u;
	pthread_mutex_unlock(&m->lock);
}

void llm_account_total(const struct llm_account *a, struct llm_usage *out)
{
	struct llm_account *m = (struct llm_account *)a;
	pthread_mutex_lock(&m->lock);
	*out = a->total;
	pthread_mutex_unlock(&m->lock);
}

/* One usage as a JSON object. */
static cJSON *usage_json(const struct llm_usage *u)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "calls", (double)u->calls);
	cJSON_AddNumberToObject(o, "requests", (double)u->requests);
	cJSON_AddNumberToObject(o, "failures", (double)u->failures);
	cJSON_AddNumberToObject(o, "cache_hits", (double)u->cache_hits);
	cJSON_AddNumberToObject(o, "retries", (double)u->retries);
	cJSON_AddNumberToObject(o, "invalid_answers", (double)u->invalid_answers);
	cJSON_AddNumberToObject(o, "prompt_tokens", (double)u->prompt_tokens);
	cJSON_AddNumberToObject(o, "completion_tokens", (double)u->completion_tokens);
	cJSON_AddNumberToObject(o, "estimated_tokens", (double)u->estimated_tokens);
	cJSON_AddNumberToObject(o, "cost_usd", u->cost_usd);
	cJSON_AddNumberToObject(o, "latency_ms", u->latency_ms);
	cJSON_AddNumberToObject(o, "mean_latency_ms",
				u->requests ? u->latency_ms / (double)u->requests : 0);
	return o;
}

struct cJSON *llm_account_json(const struct llm_account *a)
{
	struct llm_account *m = (struct llm_account *)a;
	cJSON *root = cJSON_CreateObject();
	pthread_mutex_lock(&m->lock);
	cJSON_AddItemToObject(root, "total", usage_json(&a->total));
	cJSON *agents = cJSON_AddObjectToObject(root, "agents");
	for (size_t i = 0; i < a->n_agents; i++)
		cJSON_AddItemToObject(agents, a->agents[i].name, usage_json(&a->agents[i].u));
	pthread_mutex_unlock(&m->lock);
	return root;
}
