/* The solver of app/players/solitaire/solver.py in C, as the extension module
 * app.players.solitaire._fastsolve (built by setup.py when a compiler is present; without one
 * the pure-Python search gives the same numbers, only slower).
 *
 * Reentrant: every piece of search state lives in a Search object (one per Solver), and the
 * GIL is released while it searches, so any number of threads may search at once. A Search
 * refuses a second caller while it is busy instead of corrupting its table. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

#define COLUMNS 7
#define ROWS 5
#define TOPS 15
#define MAX_STOCK 64
#define HEIGHT_SPAN 279936u /* 6^7 */
#define MIN_BITS 10
#define MAX_BITS 24
#define INF (1 << 30)

typedef struct { uint64_t key; int32_t value; uint32_t gen; } Entry;

/* One search in progress: the tableau, the draw order and the limits of this call. */
typedef struct {
    Entry *table;
    uint64_t mask;
    int shift;
    uint32_t generation;
    int ranks[COLUMNS][ROWS];
    int heights[COLUMNS];
    uint32_t fit[TOPS];
    int stock[MAX_STOCK];
    int n_stock, stop_at, clear_zero;
    long nodes, max_nodes;
    int aborted;
    int use_rollout;
    uint64_t salt; /* which sample: states of different samples never share an entry */
} Context;

static const int POWERS[COLUMNS] = {1, 6, 36, 216, 1296, 7776, 46656};

/* Longest run that could follow on `top` using the columns as they stand (depth-capped). */
static int run_length(const Context *x, int *h, int top, int depth) {
    if (depth == 0) return 0;
    int best = 0;
    uint32_t f = x->fit[top];
    for (int c = 0; c < COLUMNS; c++) {
        if (h[c] && ((f >> x->ranks[c][h[c] - 1]) & 1u)) {
            int card = x->ranks[c][h[c] - 1];
            h[c]--;
            int length = 1 + run_length(x, h, card, depth - 1);
            h[c]++;
            if (length > best) best = length;
        }
    }
    return best;
}

/* Play on from a leaf by the rules of thumb, with the sample's draw order: a cheap
 * estimate of the final score beyond the search horizon. */
static int rollout(const Context *x, int left, int top, int s) {
    int h[COLUMNS];
    for (int c = 0; c < COLUMNS; c++) h[c] = x->heights[c];
    for (;;) {
        if (left == 0) return x->clear_zero ? 0 : -(x->n_stock - s);
        int best_c = -1, best_key = -1;
        uint32_t f = x->fit[top];
        for (int c = 0; c < COLUMNS; c++) {
            if (!h[c]) continue;
            int card = x->ranks[c][h[c] - 1];
            if (!((f >> card) & 1u)) continue;
            uint32_t next = x->fit[card];
            int follows = h[c] > 1 && ((next >> x->ranks[c][h[c] - 2]) & 1u);
            for (int o = 0; o < COLUMNS && !follows; o++)
                if (o != c && h[o] && ((next >> x->ranks[o][h[o] - 1]) & 1u)) follows = 1;
            int key = follows * 16 + h[c];
            if (x->use_rollout == 2) {
                h[c]--;
                key += 256 * run_length(x, h, card, 6);
                h[c]++;
            }
            if (key > best_key) { best_key = key; best_c = c; }
        }
        if (best_c >= 0) {
            top = x->ranks[best_c][h[best_c] - 1];
            h[best_c]--;
            left--;
        } else if (s < x->n_stock) {
            top = x->stock[s++];
        } else {
            return left;
        }
    }
}

/* Two-way buckets that always replace: a full table only costs recomputation. */
static uint64_t slot(const Context *x, uint64_t key) {
    return ((key * 0x9E3779B97F4A7C15ull) >> x->shift) & ~1ull;
}

static Entry *find(Context *x, uint64_t key) {
    uint64_t i = slot(x, key);
    Entry *a = &x->table[i], *b = &x->table[i + 1];
    if (a->gen == x->generation && a->key == key) return a;
    if (b->gen == x->generation && b->key == key) return b;
    return NULL;
}

static void store(Context *x, uint64_t key, int value) {
    uint64_t i = slot(x, key);
    Entry *a = &x->table[i], *b = &x->table[i + 1];
    uint32_t g = x->generation;
    Entry *e = a->gen != g ? a : (b->gen != g ? b : (i & 2 ? a : b));
    if (e == b && a->gen == g) { *b = *a; e = a; } /* newest first */
    e->key = key;
    e->value = value;
    e->gen = g;
}

static uint64_t state_key(const Context *x, int s, int code, int top) {
    return (((x->salt << 6) + (uint64_t)s) * HEIGHT_SPAN + (uint64_t)code) * TOPS + (uint64_t)top;
}

static int search(Context *x, int code, int left, int top, int s) {
    int remaining = x->n_stock - s;
    if (left == 0) return x->clear_zero ? 0 : -remaining;
    uint64_t key = state_key(x, s, code, top);
    Entry *e = find(x, key);
    if (e != NULL) return e->value;
    if (++x->nodes > x->max_nodes && x->max_nodes > 0) {
        x->aborted = 1;
        return 0;
    }
    int floor = x->clear_zero ? 0 : -remaining;
    int best = INF;
    uint32_t f = x->fit[top];
    for (int c = 0; c < COLUMNS; c++) {
        int hc = x->heights[c];
        if (hc) {
            int card = x->ranks[c][hc - 1];
            if ((f >> card) & 1u) {
                x->heights[c] = hc - 1;
                int value = search(x, code - POWERS[c], left - 1, card, s);
                x->heights[c] = hc;
                if (x->aborted) return 0;
                if (value < best) {
                    best = value;
                    if (best <= floor) goto done;
                }
            }
        }
    }
    if (remaining > x->stop_at) {
        int value = search(x, code, left, x->stock[s], s + 1);
        if (x->aborted) return 0;
        if (value < best) best = value;
    }
    if (remaining && remaining == x->stop_at) {
        int leaf = left;
        if (x->use_rollout) {
            /* The rollout starts with a draw, so it depends on the heights alone: reuse it
             * for every top card (the key's top slot 14 is free here, s > 0). */
            uint64_t rkey = state_key(x, s, code, 14);
            Entry *r = find(x, rkey);
            if (r != NULL) {
                leaf = r->value;
            } else {
                leaf = rollout(x, left, x->stock[s], s + 1);
                store(x, rkey, leaf);
            }
        }
        if (leaf < best) best = leaf;
    }
    if (best == INF) best = left;
done:
    store(x, key, best);
    return best;
}

static void new_generation(Context *x) {
    x->generation++;
    if (x->generation == 0) { /* wrapped: clear for real */
        for (uint64_t i = 0; i <= x->mask; i++) x->table[i].gen = 0;
        x->generation = 1;
    }
}

/* ---- Python wrapper ---------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Context context;
    int bits;
    int busy;
} SearchObject;

/* Read a sequence of at most `size` small ints into `out`; -1 (with an exception) if not. */
static Py_ssize_t read_ints(PyObject *seq, int *out, Py_ssize_t size, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > size) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most %zd values", what, size);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < 0 || v > 0xFFFF) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return n;
}

/* The constructor arguments both types share: the tableau's ranks, the fit masks, whether a
 * clear scores zero, and the table's size (log2). */
static int read_tableau(PyObject *args, PyObject *kwargs, int ranks[COLUMNS][ROWS],
                        uint32_t fit[TOPS], int *clear_zero, int *bits) {
    static char *names[] = {"ranks", "fit", "clear_zero", "bits", NULL};
    PyObject *ranks_in, *fit_in;
    *clear_zero = 0;
    *bits = 20;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|pi", names, &ranks_in, &fit_in,
                                     clear_zero, bits))
        return -1;
    if (*bits < MIN_BITS || *bits > MAX_BITS) {
        PyErr_Format(PyExc_ValueError, "bits must be between %d and %d", MIN_BITS, MAX_BITS);
        return -1;
    }
    int flat[COLUMNS * ROWS] = {0};
    if (read_ints(ranks_in, flat, COLUMNS * ROWS, "ranks") < 0) return -1;
    for (int c = 0; c < COLUMNS; c++)
        for (int r = 0; r < ROWS; r++) ranks[c][r] = flat[c * ROWS + r];
    int masks[TOPS] = {0};
    if (read_ints(fit_in, masks, TOPS, "fit") < 0) return -1;
    for (int t = 0; t < TOPS; t++) fit[t] = (uint32_t)masks[t];
    return 0;
}

/* -1 (with an exception) unless the heights, top card and plays describe a position. */
static int check_position(const int *heights, int top, const int *plays, Py_ssize_t n_plays) {
    if (top < 0 || top >= TOPS) {
        PyErr_SetString(PyExc_ValueError, "top out of range");
        return -1;
    }
    for (int c = 0; c < COLUMNS; c++)
        if (heights[c] > ROWS) {
            PyErr_SetString(PyExc_ValueError, "heights out of range");
            return -1;
        }
    for (Py_ssize_t i = 0; i < n_plays; i++)
        if (plays[i] >= COLUMNS || heights[plays[i]] == 0) {
            PyErr_SetString(PyExc_ValueError, "a play names an empty or unknown column");
            return -1;
        }
    return 0;
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwargs) {
    Context *x = &self->context;
    return read_tableau(args, kwargs, x->ranks, x->fit, &x->clear_zero, &self->bits);
}

static void Search_dealloc(SearchObject *self) {
    free(self->context.table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyDoc_STRVAR(values_doc,
"values(heights, top, stock, stop, plays, node_limit, rollouts, sample, fresh) -> (list, nodes)\n\n"
"Value of each play in `plays`, then of drawing if `stock` is not empty; the list is None when\n"
"the search needed more than node_limit states (0 = no limit). `fresh` forgets earlier calls.");

static PyObject *Search_values(SearchObject *self, PyObject *args) {
    PyObject *heights_in, *stock_in, *plays_in;
    int top, stop, rollouts, fresh;
    long node_limit;
    unsigned long long sample;
    if (!PyArg_ParseTuple(args, "OiOiOliKp", &heights_in, &top, &stock_in, &stop, &plays_in,
                          &node_limit, &rollouts, &sample, &fresh))
        return NULL;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this Search is already searching in another thread");
        return NULL;
    }
    int heights[COLUMNS] = {0}, stock[MAX_STOCK], plays[COLUMNS];
    if (read_ints(heights_in, heights, COLUMNS, "heights") < 0) return NULL;
    Py_ssize_t n = read_ints(stock_in, stock, MAX_STOCK, "stock");
    if (n < 0) return NULL;
    Py_ssize_t n_plays = read_ints(plays_in, plays, COLUMNS, "plays");
    if (n_plays < 0) return NULL;
    if (check_position(heights, top, plays, n_plays) < 0) return NULL;
    Context *x = &self->context;
    if (x->table == NULL) {
        x->table = calloc((size_t)1 << self->bits, sizeof(Entry));
        if (x->table == NULL) return PyErr_NoMemory();
        x->mask = ((uint64_t)1 << self->bits) - 1;
        x->shift = 64 - self->bits;
        x->generation = 1;
        fresh = 0;
    }
    self->busy = 1;
    int out[COLUMNS + 1];
    int k = 0;
    Py_BEGIN_ALLOW_THREADS
    /* The caller says whether the table still describes this horizon and these samples
     * (fresh = 0): then decisions between two draws reuse each other's work. */
    if (fresh || x->aborted) new_generation(x);
    x->salt = (uint64_t)sample;
    x->nodes = 0;
    x->max_nodes = node_limit;
    x->aborted = 0;
    x->use_rollout = rollouts;
    int code = 0, left = 0;
    for (int c = 0; c < COLUMNS; c++) {
        x->heights[c] = heights[c];
        code += heights[c] * POWERS[c];
        left += heights[c];
    }
    for (Py_ssize_t i = 0; i < n; i++) x->stock[i] = stock[i];
    x->n_stock = (int)n;
    x->stop_at = stop;
    for (Py_ssize_t i = 0; i < n_plays && !x->aborted; i++) {
        int c = plays[i];
        int card = x->ranks[c][x->heights[c] - 1];
        x->heights[c]--;
        out[k++] = search(x, code - POWERS[c], left - 1, card, 0);
        x->heights[c]++;
    }
    if (n > 0 && !x->aborted) out[k++] = search(x, code, left, x->stock[0], 1);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (x->aborted) return Py_BuildValue("(Ol)", Py_None, x->nodes);
    PyObject *values = PyList_New(k);
    if (values == NULL) return NULL;
    for (int i = 0; i < k; i++) PyList_SET_ITEM(values, i, PyLong_FromLong(out[i]));
    return Py_BuildValue("(Nl)", values, x->nodes);
}

static PyMethodDef Search_methods[] = {
    {"values", (PyCFunction)Search_values, METH_VARARGS, values_doc},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "app.players.solitaire._fastsolve.Search",
    .tp_doc = PyDoc_STR("Search(ranks, fit, clear_zero=False, bits=20): one tableau's memo."),
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
};

/* ---- Honest expectimax ------------------------------------------------------------------- *
 * The best expected score for a player who knows which cards are in the draw pile but not
 * their order: each draw is uniform over the cards left in it. A state is the column heights,
 * the top card and how many cards of each rank are left to draw, so a value holds for the
 * whole deal and the table is kept between calls (an aborted call stores only finished
 * states). Sums run over the ranks in order, as in solver.py, so both give the same doubles. */

#define RANKS 14
#define MAX_OF_RANK 4

typedef struct { uint64_t key; double value; int used; } HonestEntry;

typedef struct {
    PyObject_HEAD
    HonestEntry *table;
    int shift;
    int bits;
    int busy;
    int ranks[COLUMNS][ROWS];
    uint32_t fit[TOPS];
    int clear_zero;
    int heights[COLUMNS];
    int counts[RANKS];
    long nodes, max_nodes;
    int aborted;
} HonestObject;

static const uint64_t FIVES[RANKS] = {
    1ull, 5ull, 25ull, 125ull, 625ull, 3125ull, 15625ull, 78125ull, 390625ull, 1953125ull,
    9765625ull, 48828125ull, 244140625ull, 1220703125ull,
};

static HonestEntry *honest_slot(HonestObject *x, uint64_t key) {
    return &x->table[((key * 0x9E3779B97F4A7C15ull) >> x->shift) & ~1ull];
}

static int honest_find(HonestObject *x, uint64_t key, double *value) {
    HonestEntry *a = honest_slot(x, key);
    if (a[0].used && a[0].key == key) { *value = a[0].value; return 1; }
    if (a[1].used && a[1].key == key) { *value = a[1].value; return 1; }
    return 0;
}

static void honest_store(HonestObject *x, uint64_t key, double value) {
    HonestEntry *a = honest_slot(x, key);
    a[1] = a[0]; /* newest first; the older entry of the bucket is the one replaced */
    a[0].key = key;
    a[0].value = value;
    a[0].used = 1;
}

static double expect(HonestObject *x, int code, int left, int top, int total, uint64_t mkey);

/* The mean over the next card drawn, each rank weighted by how many of it are left. */
static double expect_draw(HonestObject *x, int code, int left, int total, uint64_t mkey) {
    double sum = 0.0;
    for (int r = 0; r < RANKS && !x->aborted; r++) {
        int n = x->counts[r];
        if (n) {
            x->counts[r] = n - 1;
            sum += n * expect(x, code, left, r, total - 1, mkey - FIVES[r]);
            x->counts[r] = n;
        }
    }
    return sum / total;
}

static double expect(HonestObject *x, int code, int left, int top, int total, uint64_t mkey) {
    if (left == 0) return x->clear_zero ? 0.0 : -(double)total;
    uint64_t key = (mkey * HEIGHT_SPAN + (uint64_t)code) * TOPS + (uint64_t)top;
    double best;
    if (honest_find(x, key, &best)) return best;
    if (++x->nodes > x->max_nodes && x->max_nodes > 0) {
        x->aborted = 1;
        return 0.0;
    }
    double floor = x->clear_zero ? 0.0 : -(double)total;
    best = 1e9;
    uint32_t f = x->fit[top];
    for (int c = 0; c < COLUMNS; c++) {
        int hc = x->heights[c];
        if (hc) {
            int card = x->ranks[c][hc - 1];
            if ((f >> card) & 1u) {
                x->heights[c] = hc - 1;
                double value = expect(x, code - POWERS[c], left - 1, card, total, mkey);
                x->heights[c] = hc;
                if (x->aborted) return 0.0;
                if (value < best) {
                    best = value;
                    if (best <= floor) goto done;
                }
            }
        }
    }
    if (total) {
        double value = expect_draw(x, code, left, total, mkey);
        if (x->aborted) return 0.0;
        if (value < best) best = value;
    }
    if (best == 1e9) best = (double)left;
done:
    honest_store(x, key, best);
    return best;
}

static int Honest_init(HonestObject *self, PyObject *args, PyObject *kwargs) {
    return read_tableau(args, kwargs, self->ranks, self->fit, &self->clear_zero, &self->bits);
}

static void Honest_dealloc(HonestObject *self) {
    free(self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyDoc_STRVAR(honest_values_doc,
"values(heights, top, counts, plays, node_limit) -> (list, nodes)\n\n"
"Expected score after each play in `plays`, then after drawing if cards are left to draw\n"
"(`counts[r]`: cards of rank r in the draw pile, 0 = joker); None when the search needed\n"
"more than node_limit new states (0 = no limit).");

static PyObject *Honest_values(HonestObject *self, PyObject *args) {
    PyObject *heights_in, *counts_in, *plays_in;
    int top;
    long node_limit;
    if (!PyArg_ParseTuple(args, "OiOOl", &heights_in, &top, &counts_in, &plays_in, &node_limit))
        return NULL;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this Honest is already searching in another thread");
        return NULL;
    }
    int heights[COLUMNS] = {0}, counts[RANKS] = {0}, plays[COLUMNS];
    if (read_ints(heights_in, heights, COLUMNS, "heights") < 0) return NULL;
    if (read_ints(counts_in, counts, RANKS, "counts") < 0) return NULL;
    Py_ssize_t n_plays = read_ints(plays_in, plays, COLUMNS, "plays");
    if (n_plays < 0) return NULL;
    if (check_position(heights, top, plays, n_plays) < 0) return NULL;
    int total = 0;
    uint64_t mkey = 0;
    for (int r = 0; r < RANKS; r++) {
        if (counts[r] > MAX_OF_RANK) {
            PyErr_SetString(PyExc_ValueError, "counts out of range");
            return NULL;
        }
        total += counts[r];
        mkey += (uint64_t)counts[r] * FIVES[r];
    }
    if (self->table == NULL) {
        self->table = calloc((size_t)1 << self->bits, sizeof(HonestEntry));
        if (self->table == NULL) return PyErr_NoMemory();
        self->shift = 64 - self->bits;
    }
    self->busy = 1;
    double out[COLUMNS + 1];
    int k = 0;
    Py_BEGIN_ALLOW_THREADS
    self->nodes = 0;
    self->max_nodes = node_limit;
    self->aborted = 0;
    int code = 0, left = 0;
    for (int c = 0; c < COLUMNS; c++) {
        self->heights[c] = heights[c];
        code += heights[c] * POWERS[c];
        left += heights[c];
    }
    for (int r = 0; r < RANKS; r++) self->counts[r] = counts[r];
    for (Py_ssize_t i = 0; i < n_plays && !self->aborted; i++) {
        int c = plays[i];
        int card = self->ranks[c][self->heights[c] - 1];
        self->heights[c]--;
        out[k++] = expect(self, code - POWERS[c], left - 1, card, total, mkey);
        self->heights[c]++;
    }
    if (total > 0 && !self->aborted) out[k++] = expect_draw(self, code, left, total, mkey);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (self->aborted) return Py_BuildValue("(Ol)", Py_None, self->nodes);
    PyObject *values = PyList_New(k);
    if (values == NULL) return NULL;
    for (int i = 0; i < k; i++) PyList_SET_ITEM(values, i, PyFloat_FromDouble(out[i]));
    return Py_BuildValue("(Nl)", values, self->nodes);
}

static PyMethodDef Honest_methods[] = {
    {"values", (PyCFunction)Honest_values, METH_VARARGS, honest_values_doc},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject HonestType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "app.players.solitaire._fastsolve.Honest",
    .tp_doc = PyDoc_STR("Honest(ranks, fit, clear_zero=False, bits=20): one tableau's expectimax."),
    .tp_basicsize = sizeof(HonestObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Honest_init,
    .tp_dealloc = (destructor)Honest_dealloc,
    .tp_methods = Honest_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastsolve", "The Golf solitaire solver in C.", -1, NULL, NULL, NULL,
    NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastsolve(void) {
    if (PyType_Ready(&SearchType) < 0 || PyType_Ready(&HonestType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&HonestType);
    if (PyModule_AddObject(m, "Honest", (PyObject *)&HonestType) < 0) {
        Py_DECREF(&HonestType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
