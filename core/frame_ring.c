/*
 * frame_ring.c - a bounded, locked ring of small step screenshots (see
 * frame_ring.h). Slots are reused round-robin; lookups scan the few slots.
 */
#include "core/frame_ring.h"

#include <pthread.h>
#include <stdlib.h>

#include "core/image.h"
#include "core/xalloc.h"

struct frame_slot {
	int step; /* 0 = empty */
	int screen_w, screen_h;
	struct image *img;
};

struct frame_ring {
	pthread_mutex_t lock;
	struct frame_slot *slots;
	size_t capacity, next;
};

struct frame_ring *frame_ring_new(size_t capacity)
{
	struct frame_ring *r = xcalloc(1, sizeof *r);
	pthread_mutex_init(&r->lock, NULL);
	r->capacity = capacity ? capacity : 1;
	r->slots = xcalloc(r->capacity, sizeof *r->slots);
	return r;
}

void frame_ring_free(struct frame_ring *ring)
{
	if (!ring)
		return;
	for (size_t i = 0; i < ring->capacity; i++)
		image_free(ring->slots[i].img);
	free(ring->slots);
	pthread_mutex_destroy(&ring->lock);
	free(ring);
}

void frame_ring_put(struct frame_ring *ring, int step, struct image *img, int screen_w, int screen_h)
{
	struct image *old;
	pthread_mutex_lock(&ring->lock);
	size_t at = ring->next;
	for (size_t i = 0; i < ring->capacity; i++)
		if (ring->slots[i].step == step && step) {
			at = i;
			break;
		}
	if (at == ring->next)
		ring->next = (ring->next + 1) % ring->capacity;
	old = ring->slots[at].img;
	ring->slots[at] = (struct frame_slot){ step, screen_w, screen_h, img };
	pthread_mutex_unlock(&ring->lock);
	image_free(old); /* outside the lock */
}

struct image *frame_ring_get(struct frame_ring *ring, int step, int *screen_w, int *screen_h)
{
	struct image *copy = NULL;
	pthread_mutex_lock(&ring->lock);
	for (size_t i = 0; i < ring->capacity; i++) {
		const struct frame_slot *s = &ring->slots[i];
		if (s->step == step && step && s->img) {
			copy = image_copy(s->img); /* ~1 MB memcpy: cheaper than sharing with a refcount */
			*screen_w = s->screen_w;
			*screen_h = s->screen_h;
			break;
		}
	}
	pthread_mutex_unlock(&ring->lock);
	return copy;
}
