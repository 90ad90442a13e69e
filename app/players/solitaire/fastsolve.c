/* Optional accelerator for app/coach/solver.py: the same memoised depth-first search in C.
 * Built on first use by app/coach/accel.py when a C compiler is present; without one the
 * pure-Python solver is used and gives the same numbers, only slower. */
#include <stdint.h>
#include <stdlib.h>

#define COLUMNS 7
#define ROWS 5
#define TOPS 15
#define HEIGHT_SPAN 279936u /* 6^7 */
#define TABLE_BITS 20
#define TABLE_SIZE (1u << TABLE_BITS)
#define INF (1 << 30)

typedef struct { uint64_t key; int32_t value; uint32_t gen; } Entry;

static Entry *table = NULL;
static uint32_t generation = 0;
static int ranks[COLUMNS][ROWS];
static int heights[COLUMNS];
static uint32_t fit[TOPS];
static int stock[64];
static int n_stock, stop_at, clear_zero;
static long nodes, max_nodes;
static int aborted;
static int use_rollout;
static uint64_t salt; /* which sample: states of different samples never share an entry */

/* Longest run that could follow on `top` using the columns as they stand (depth-capped). */
static int run_length(int *h, int top, int depth) {
    if (depth == 0) return 0;
    int best = 0;
    uint32_t f = fit[top];
    for (int c = 0; c < COLUMNS; c++) {
        if (h[c] && ((f >> ranks[c][h[c] - 1]) & 1u)) {
            int card = ranks[c][h[c] - 1];
            h[c]--;
            int length = 1 + run_length(h, card, depth - 1);
            h[c]++;
            if (length > best) best = length;
        }
    }
    return best;
}

/* Play on from a leaf by the rules of thumb, with the sample's draw order: a cheap
 * estimate of the final score beyond the search horizon. */
static int rollout(int left, int top, int s) {
    int h[COLUMNS];
    for (int c = 0; c < COLUMNS; c++) h[c] = heights[c];
    for (;;) {
        if (left == 0) return clear_zero ? 0 : -(n_stock - s);
        int best_c = -1, best_key = -1;
        uint32_t f = fit[top];
        for (int c = 0; c < COLUMNS; c++) {
            if (!h[c]) continue;
            int card = ranks[c][h[c] - 1];
            if (!((f >> card) & 1u)) continue;
            int follows = h[c] > 1 && ((fit[card] >> ranks[c][h[c] - 2]) & 1u);
            for (int o = 0; o < COLUMNS && !follows; o++)
                if (o != c && h[o] && ((fit[card] >> ranks[o][h[o] - 1]) & 1u)) follows = 1;
            int key = follows * 16 + h[c];
            if (use_rollout == 2) {
                h[c]--;
                key += 256 * run_length(h, card, 6);
                h[c]++;
            }
            if (key > best_key) { best_key = key; best_c = c; }
        }
        if (best_c >= 0) {
            top = ranks[best_c][h[best_c] - 1];
            h[best_c]--;
            left--;
        } else if (s < n_stock) {
            top = stock[s++];
        } else {
            return left;
        }
    }
}
static const int POWERS[COLUMNS] = {1, 6, 36, 216, 1296, 7776, 46656};

/* Two-way buckets that always replace: a full table only costs recomputation. */
static Entry *find(uint64_t key) {
    uint64_t i = ((key * 0x9E3779B97F4A7C15ull) >> (64 - TABLE_BITS)) & ~1ull;
    Entry *a = &table[i], *b = &table[i + 1];
    if (a->gen == generation && a->key == key) return a;
    if (b->gen == generation && b->key == key) return b;
    return NULL;
}

static void store(uint64_t key, int value) {
    uint64_t i = ((key * 0x9E3779B97F4A7C15ull) >> (64 - TABLE_BITS)) & ~1ull;
    Entry *a = &table[i], *b = &table[i + 1];
    Entry *e = a->gen != generation ? a : (b->gen != generation ? b : (i & 2 ? a : b));
    if (e == b && a->gen == generation) { *b = *a; e = a; } /* newest first */
    e->key = key;
    e->value = value;
    e->gen = generation;
}

static int search(int code, int left, int top, int s) {
    int remaining = n_stock - s;
    if (left == 0) return clear_zero ? 0 : -remaining;
    uint64_t key = (((salt << 6) + (uint64_t)s) * HEIGHT_SPAN + (uint64_t)code) * TOPS
                   + (uint64_t)top;
    Entry *e = find(key);
    if (e != NULL) return e->value;
    if (++nodes > max_nodes && max_nodes > 0) {
        aborted = 1;
        return 0;
    }
    int floor = clear_zero ? 0 : -remaining;
    int best = INF;
    uint32_t f = fit[top];
    for (int c = 0; c < COLUMNS; c++) {
        int hc = heights[c];
        if (hc) {
            int card = ranks[c][hc - 1];
            if ((f >> card) & 1u) {
                heights[c] = hc - 1;
                int value = search(code - POWERS[c], left - 1, card, s);
                heights[c] = hc;
                if (aborted) return 0;
                if (value < best) {
                    best = value;
                    if (best <= floor) goto done;
                }
            }
        }
    }
    if (remaining > stop_at) {
        int value = search(code, left, stock[s], s + 1);
        if (aborted) return 0;
        if (value < best) best = value;
    }
    if (remaining && remaining == stop_at) {
        int leaf = left;
        if (use_rollout) {
            /* The rollout starts with a draw, so it depends on the heights alone: reuse it
             * for every top card (the key's top slot 14 is free here, s > 0). */
            uint64_t rkey = (((salt << 6) + (uint64_t)s) * HEIGHT_SPAN + (uint64_t)code) * TOPS
                            + 14u;
            Entry *r = find(rkey);
            if (r != NULL) {
                leaf = r->value;
            } else {
                leaf = rollout(left, stock[s], s + 1);
                store(rkey, leaf);
            }
        }
        if (leaf < best) best = leaf;
    }
    if (best == INF) best = left;
done:
    store(key, best);
    return best;
}

static void new_generation(void) {
    generation++;
    if (generation == 0) { /* wrapped: clear for real */
        for (uint32_t i = 0; i < TABLE_SIZE; i++) table[i].gen = 0;
        generation = 1;
    }
}

/* Values of each play in `plays`, then of drawing if the stock is not empty.
 * ranks35: column c row r at [c * 5 + r]. Returns the number of values, -1 when out of
 * memory, -2 when the search needed more than node_limit states (0 = no limit).
 * `sample` numbers the draw order within one decision; `fresh` = 1 forgets earlier calls. */
int golf_action_values(const int *ranks35, const int *heights7, int top, const int *stock_in,
                       int n, int stop, int clear_scores_zero, const uint32_t *fit15,
                       const int *plays, int n_plays, int *out, long *node_count,
                       long node_limit, int rollouts, int sample, int fresh) {
    if (table == NULL) {
        table = calloc(TABLE_SIZE, sizeof(Entry));
        if (table == NULL) return -1;
    }
    if (n < 0 || n > 64) return -1;
    /* The caller says whether the table still describes this tableau, horizon and samples
     * (fresh = 0): then decisions between two draws reuse each other's work. */
    if (fresh || aborted) new_generation();
    salt = (uint64_t)sample;
    nodes = 0;
    max_nodes = node_limit;
    aborted = 0;
    use_rollout = rollouts;
    int code = 0, left = 0;
    for (int c = 0; c < COLUMNS; c++) {
        for (int r = 0; r < ROWS; r++) ranks[c][r] = ranks35[c * ROWS + r];
        heights[c] = heights7[c];
        code += heights7[c] * POWERS[c];
        left += heights7[c];
    }
    for (int t = 0; t < TOPS; t++) fit[t] = fit15[t];
    for (int i = 0; i < n; i++) stock[i] = stock_in[i];
    n_stock = n;
    stop_at = stop;
    clear_zero = clear_scores_zero;
    int k = 0;
    for (int i = 0; i < n_plays; i++) {
        int c = plays[i];
        int card = ranks[c][heights[c] - 1];
        heights[c]--;
        out[k++] = search(code - POWERS[c], left - 1, card, 0);
        heights[c]++;
    }
    if (n > 0) out[k++] = search(code, left, stock[0], 1);
    *node_count = nodes;
    return aborted ? -2 : k;
}
