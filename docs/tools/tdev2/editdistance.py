"""Stand-in for the `editdistance` package that tdev2 imports (unit-cost Levenshtein)."""


def eval(a, b):
    a, b = list(a), list(b)
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        diagonal, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            above = row[j]
            row[j] = min(above + 1, row[j - 1] + 1, diagonal + (x != y))
            diagonal = above
    return row[-1]
