/*
 * posid.c - gnubg Position IDs and bräde ids (see posid.h).
 *
 * The key: for each of the two sides in turn, for each of its 25 slots
 * (points 1..24 in that side's gnubg order, then the bar), as many 1 bits as
 * checkers followed by one 0 bit; bits fill bytes from the least significant
 * bit; the 10 bytes are written as 14 base64 characters.  In gnubg the side
 * NOT on roll is encoded first (checked against gnubg itself on asymmetric
 * positions, see tests/data/).
 */
#include "engine/posid.h"

#include <string.h>

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* slot order: the 25 counts of side s in key order. */
static void key_counts(const board_t *b, int s, bool gnubg, int counts[25])
{
    for (int k = 0; k < 24; k++)
        counts[k] = gnubg ? b->side[s][24 - k] : b->side[s][k + 1];
    counts[24] = b->side[s][BOARD_BAR];
}

static void encode(int c[2][25], char *out)
{
    unsigned char key[10] = {0};
    int bit = 0;
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 25; k++) {
            for (int n = 0; n < c[s][k] && bit < 80; n++, bit++)
                key[bit / 8] = (unsigned char)(key[bit / 8] | (1u << (bit % 8)));
            bit++;
        }
    const unsigned char *u = key;
    char *p = out;
    for (int i = 0; i < 3; i++, u += 3) {
        *p++ = B64[u[0] >> 2];
        *p++ = B64[((u[0] & 3) << 4) | (u[1] >> 4)];
        *p++ = B64[((u[1] & 15) << 2) | (u[2] >> 6)];
        *p++ = B64[u[2] & 63];
    }
    *p++ = B64[u[0] >> 2];
    *p++ = B64[(u[0] & 3) << 4];
    *p = '\0';
}

static bool decode(const char *id, int c[2][25])
{
    unsigned char key[12] = {0};
    int v[14];
    if (strlen(id) != 14)
        return false;
    for (int i = 0; i < 14; i++) {
        const char *q = id[i] ? strchr(B64, id[i]) : NULL;
        if (!q)
            return false;
        v[i] = (int)(q - B64);
    }
    for (int i = 0; i < 3; i++) {
        const int *w = v + 4 * i;
        key[3 * i] = (unsigned char)((w[0] << 2) | (w[1] >> 4));
        key[3 * i + 1] = (unsigned char)(((w[1] & 15) << 4) | (w[2] >> 2));
        key[3 * i + 2] = (unsigned char)(((w[2] & 3) << 6) | w[3]);
    }
    key[9] = (unsigned char)((v[12] << 2) | (v[13] >> 4));
    int bit = 0;
    for (int s = 0; s < 2; s++) {
        int total = 0;
        for (int k = 0; k < 25; k++) {
            int n = 0;
            while (bit < 80 && (key[bit / 8] >> (bit % 8)) & 1) {
                n++;
                bit++;
            }
            if (bit >= 80 && !(s == 1 && k == 24))
                return false;
            bit++;
            c[s][k] = n;
            total += n;
        }
        if (total > 15)
            return false;
    }
    return true;
}

void posid_gnubg(const board_t *b, char out[POSID_SIZE])
{
    int c[2][25];
    key_counts(b, 1, true, c[0]); /* the side not on roll first */
    key_counts(b, 0, true, c[1]);
    encode(c, out);
}

static void fill(board_t *b, int s, const int c[25], bool gnubg)
{
    int total = 0;
    for (int k = 0; k < 24; k++) {
        b->side[s][gnubg ? 24 - k : k + 1] = (uint8_t)c[k];
        total += c[k];
    }
    b->side[s][BOARD_BAR] = (uint8_t)c[24];
    total += c[24];
    b->side[s][BOARD_OFF] = (uint8_t)(15 - total);
}

bool posid_gnubg_read(const char *id, board_t *b)
{
    int c[2][25];
    if (!decode(id, c))
        return false;
    board_clear(b, GEOM_BACKGAMMON, BOARD_WHITE);
    fill(b, 1, c[0], true);
    fill(b, 0, c[1], true);
    return board_check_basic(b, NULL) == BOARD_OK;
}

void posid_brade(const board_t *b, char out[POSID_SIZE])
{
    int c[2][25];
    key_counts(b, 0, false, c[0]);
    key_counts(b, 1, false, c[1]);
    out[0] = b->turn == BOARD_WHITE ? 'W' : 'B';
    encode(c, out + 1);
}

bool posid_brade_read(const char *id, board_t *b)
{
    int c[2][25];
    if ((id[0] != 'W' && id[0] != 'B') || !decode(id + 1, c))
        return false;
    board_clear(b, GEOM_BRADE, id[0] == 'W' ? BOARD_WHITE : BOARD_BLACK);
    fill(b, 0, c[0], false);
    fill(b, 1, c[1], false);
    return board_check_basic(b, NULL) == BOARD_OK;
}

void posid_write(geometry_t geom, const board_t *b, char out[POSID_SIZE])
{
    if (geom == GEOM_BACKGAMMON)
        posid_gnubg(b, out);
    else
        posid_brade(b, out);
}

bool posid_read(geometry_t geom, const char *id, board_t *b)
{
    return geom == GEOM_BACKGAMMON ? posid_gnubg_read(id, b) : posid_brade_read(id, b);
}
