/*
 * solver_driver.c: runs Simon Tatham's Net solver (net.c's net_solver, from kinds/pipes/bench/tatham/)
 * on boards read from stdin, as an independent oracle for the engine's deduction.
 * Input lines: "W H WRAP HEX" (WRAP 0/1; one hex digit per tile, row-major, in the engine's
 * bits: left=1 up=2 right=4 down=8). Output lines: "RESULT LOCKED", RESULT as net_solver
 * returns it (-1 no solution, 0 ambiguous, 1 solved) and LOCKED one 0/1 digit per tile
 * (1: the solver decided that tile).
 */
#include "net.c"

void get_random_seed(void **randseed, int *randseedsize)
{
    static char fixed[] = "oracle";
    *randseed = dupstr(fixed);
    *randseedsize = (int)sizeof(fixed);
}

int main(void)
{
    int w, h, wrap;
    static char hex[4096], locked[4096];
    while (scanf("%d %d %d %4095s", &w, &h, &wrap, hex) == 4) {
        unsigned char *tiles = snewn(w * h, unsigned char);
        int i, result;
        for (i = 0; i < w * h; i++) {
            int v = hex[i] >= 'a' ? hex[i] - 'a' + 10 : hex[i] - '0';
            tiles[i] = (v & 1 ? L : 0) | (v & 2 ? U : 0) | (v & 4 ? R : 0) | (v & 8 ? D : 0);
        }
        result = net_solver(w, h, tiles, NULL, wrap != 0);
        for (i = 0; i < w * h; i++)
            locked[i] = tiles[i] & LOCKED ? '1' : '0';
        locked[w * h] = 0;
        printf("%d %s\n", result, locked);
        fflush(stdout);
        sfree(tiles);
    }
    return 0;
}
