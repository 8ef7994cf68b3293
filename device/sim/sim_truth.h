/*
 * sim_truth.h - the simulator's ground truth: which injected bug fired at
 * which event. For the evaluation tool and the simulator's own tests only;
 * the agents must never include this header.
 */
#ifndef TRIDENT_DEVICE_SIM_SIM_TRUTH_H
#define TRIDENT_DEVICE_SIM_SIM_TRUTH_H

#include <stddef.h>

#include "device/sim/sim.h"

struct sim_bug_event {
	const char *bug_id;    /* the spec's bug id; owned by the sim_app */
	const char *category;  /* one of Trident's nine, as in the spec */
	const char *event;     /* the spec event that fired it, e.g. "add_note.save" */
	long seq;              /* how many events the device had handled before it */
	int drawn;             /* 1: a bug in how a widget is drawn (noted once per screen visit); 0: an event's effects */
};

/* Bugs fired since sim_new (or since the last pm clear / reset). Owned by s;
 * valid until the next sim_* call. */
size_t sim_fired_bugs(struct sim *s, const struct sim_bug_event **out);

struct sim_bug_info {
	const char *id, *category, *description;
};
/* The injected bugs the spec declares. */
size_t sim_app_bugs(const struct sim_app *app, const struct sim_bug_info **out);

#endif
