/*
 * brain_llm.h - pieces of the "llm" brain kind that other brain kinds reuse
 * (the hybrid brain, agents/brain_hybrid.c): the model Explorer with or
 * without the merged Monitor inquiry, and the form-values question.
 */
#ifndef TRIDENT_AGENTS_BRAIN_LLM_H
#define TRIDENT_AGENTS_BRAIN_LLM_H

#include <stdbool.h>

#include "agents/brain.h"

/*
 * The model Explorer (prompts/explorer.md); `merged` asks the Monitor's
 * functionality inquiry in the same request (explorer_monitor schema).
 * TD_ERR_* naming the file when a schema cannot be read.
 */
int brain_llm_explorer_new(struct agent_env *env, bool merged, struct explorer_brain **out) TD_MUST_CHECK;

/*
 * Ask the model for realistic values for the input fields of screen `s`
 * (prompts/form_values.md). On success *values is an array of
 * s->n_widgets + 1 strings indexed by widget number, NULL where the model
 * gave none (free each and the array). TD_ERR_* from the model client.
 */
int brain_llm_form_values(struct agent_env *env, const struct brain_screen *s, char ***values) TD_MUST_CHECK;

/*
 * The model Detector (prompts/detector.md) sending at most `max_images`
 * history strip images (1 or 2) of at most 6 frames each, judging
 * consecutive finished functionalities together until they span
 * `batch_steps` steps (1: each on its own). `compact` leaves out the page
 * descriptions (when a mechanical monitor wrote them), cuts page texts to
 * 200 bytes and retrieves at most 3 examples.
 */
int brain_llm_detector_new(struct agent_env *env, int max_images, int batch_steps, bool compact,
			   struct detector_brain **out) TD_MUST_CHECK;

#endif
