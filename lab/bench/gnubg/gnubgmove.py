"""Applying a play in gnubg's notation to gnubg's board tuple (used inside gnubg)."""


def apply_move(board, text):
    """board = (opp, me) in gnubg's tuple form, `me` on roll; returns the board
    after `text` (gnubg's notation, e.g. 'bar/22* 13/7(2)') as (me, opp):
    the opponent on roll.  Raises ValueError on a move the board cannot hold."""
    opp, me = list(board[0]), list(board[1])
    for tok in text.split():
        mult = 1
        if "(" in tok:
            tok, m = tok.split("(")
            mult = int(m.rstrip(")"))
        pts = tok.split("/")
        for _ in range(mult):
            for a, b in zip(pts, pts[1:]):
                a, b = a.rstrip("*"), b.rstrip("*")
                fr = 24 if a == "bar" else int(a) - 1
                if me[fr] <= 0:
                    raise ValueError(f"no checker on {a} in '{text}'")
                me[fr] -= 1
                if b != "off":
                    to = int(b)
                    me[to - 1] += 1
                    if opp[24 - to] == 1:
                        opp[24 - to] = 0
                        opp[24] += 1
                    elif opp[24 - to] > 1:
                        raise ValueError(f"lands on a made point in '{text}'")
    return (tuple(me), tuple(opp))
