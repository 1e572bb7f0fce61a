/*
 * harness.c: times Simon Tatham's Minesweeper generator (mines.c's minegen, with its
 * solver and mineperturb, as new_game_desc reaches it) for the engine benchmarks. Not
 * part of Tatham's collection; same MIT licence as the files beside it (see LICENCE).
 *
 * Usage: harness [-a] [-p PREFIX] N W H M [N W H M ...]
 *   For each quadruple: N seeds "PREFIX-WxH-<k>" (k = 0..N-1; PREFIX defaults to
 *   "tatham"), a W x H board with M mines, unique (no guessing). The first click is
 *   drawn off the border, as our generator draws it (x = 1 + random_upto(W - 2),
 *   y = 1 + random_upto(H - 2), from the seed's random state), so both keep the same
 *   3x3 block free of mines. Prints one line per size: "W H M N median_ms mean_ms
 *   max_ms", and with -a a second line with every sample in ms. Only the generation is
 *   timed, in CPU time
 *   (new_mine_layout: minegen and the description), not seeding; one untimed
 *   warm-up generation per size comes first.
 * Usage: harness -d W H M SEED
 *   Prints the description (first click, then the masked mine bitmap) for checking.
 */
#include "mines.c"

#include <time.h>

/* The one front-end call the game's code may make that nullfe.c does not stub. */
void get_random_seed(void **randseed, int *randseedsize)
{
    static char fixed[] = "harness";
    char *copy = snewn(sizeof(fixed), char);
    memcpy(copy, fixed, sizeof(fixed));
    *randseed = copy;
    *randseedsize = (int)sizeof(fixed);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time, as the bench times ours */
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void check(int w, int h, int m)
{
    game_params params;
    const char *err;

    params.w = w;
    params.h = h;
    params.n = m;
    params.unique = true;
    err = validate_params(&params, true);
    if (!err && (w < 3 || h < 3))
        err = "the first click needs a cell off the border";
    if (err) {
        fprintf(stderr, "%dx%d/%d: %s\n", w, h, m, err);
        exit(2);
    }
}

/* One board: the first click drawn off the border, then what new_game_desc does. */
static double one(int w, int h, int m, const char *seed, char **desc)
{
    random_state *rs = random_new(seed, (int)strlen(seed));
    int x = 1 + random_upto(rs, w - 2);
    int y = 1 + random_upto(rs, h - 2);
    double t0 = now_ms(), spent;
    bool *grid = new_mine_layout(w, h, m, x, y, true, rs, desc);

    spent = now_ms() - t0;
    sfree(grid);
    random_free(rs);
    return spent;
}

int main(int argc, char **argv)
{
    const char *prefix = "tatham";
    bool all = false;
    int a = 1;

    if (argc == 6 && !strcmp(argv[1], "-d")) {
        char *desc = NULL;
        check(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
        one(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), argv[5], &desc);
        printf("%s\n", desc);
        sfree(desc);
        return 0;
    }
    while (a < argc && argv[a][0] == '-') {
        if (!strcmp(argv[a], "-a")) {
            all = true;
            a++;
        } else if (!strcmp(argv[a], "-p") && a + 1 < argc && strlen(argv[a + 1]) < 32) {
            prefix = argv[a + 1];
            a += 2;
        } else {
            break;
        }
    }
    if (argc - a < 4 || (argc - a) % 4) {
        fprintf(stderr, "usage: %s [-a] [-p PREFIX] N W H M [N W H M ...] | -d W H M SEED\n",
                argv[0]);
        return 2;
    }
    for (; a + 3 < argc; a += 4) {
        int n = atoi(argv[a]), w = atoi(argv[a + 1]), h = atoi(argv[a + 2]);
        int m = atoi(argv[a + 3]), k;
        double *t, *sorted, sum = 0;
        char *desc, seed[96];

        if (n < 1) {
            fprintf(stderr, "need at least one sample\n");
            return 2;
        }
        check(w, h, m);
        t = snewn(n, double);
        sorted = snewn(n, double);
        /* warm-up: one untimed generation at this size */
        sprintf(seed, "warmup-%dx%d", w, h);
        desc = NULL;
        one(w, h, m, seed, &desc);
        sfree(desc);
        for (k = 0; k < n; k++) {
            sprintf(seed, "%s-%dx%d-%d", prefix, w, h, k);
            desc = NULL;
            t[k] = one(w, h, m, seed, &desc);
            sfree(desc);
            sum += t[k];
        }
        memcpy(sorted, t, n * sizeof(double));
        qsort(sorted, n, sizeof(double), cmp_double);
        printf("%d %d %d %d %.5f %.5f %.5f\n", w, h, m, n,
               n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
               sum / n, sorted[n - 1]);
        if (all) {
            for (k = 0; k < n; k++)
                printf("%s%.5f", k ? " " : "", t[k]);
            printf("\n");
        }
        sfree(t);
        sfree(sorted);
    }
    return 0;
}
