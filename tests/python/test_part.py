"""The Python module `part` against what its results must satisfy: partitions of a grid that
are balanced and whose cut the module's own metrics and a count here agree on, a repartition
whose plan takes the old partition to the new one, and bad input raised as part.Error."""
import os
import tempfile
import unittest

import numpy as np

import part


def grid(nx, ny):
    """CSR arrays and coordinates of an nx x ny grid graph, vertex x + nx * y."""
    xadj, adjncy = [0], []
    for v in range(nx * ny):
        x, y = v % nx, v // nx
        adjncy += [w for ok, w in ((y > 0, v - nx), (x > 0, v - 1), (x + 1 < nx, v + 1),
                                   (y + 1 < ny, v + nx)) if ok]
        xadj.append(len(adjncy))
    coords = np.array([(v % nx, v // nx) for v in range(nx * ny)], dtype=float)
    return np.array(xadj), np.array(adjncy, dtype=np.int32), coords


def cut_of(xadj, adjncy, partition):
    return sum(partition[v] != partition[w] for v in range(len(xadj) - 1)
               for w in adjncy[xadj[v]:xadj[v + 1]]) // 2


class PartModule(unittest.TestCase):
    def test_partition_is_balanced_and_metrics_count_its_cut(self):
        xadj, adjncy, coords = grid(24, 16)
        for method, extra in (("metis", {}), ("rcb", {"coords": coords})):
            p = part.partition(xadj, adjncy, 6, method=method, **extra)
            self.assertEqual(p.dtype, np.int32)
            self.assertEqual(sorted(set(p.tolist())), list(range(6)))
            self.assertLessEqual(np.bincount(p).max(), 1.03 * len(p) / 6 + 1)
            m = part.metrics(xadj, adjncy, p)
            self.assertEqual(m["cut"], cut_of(xadj, adjncy, p))
            self.assertGreater(m["volume"], 0)

    def test_same_seed_same_partition(self):
        xadj, adjncy, _ = grid(20, 20)
        a = part.partition(xadj, adjncy, 4, seed=3)
        b = part.partition(xadj.astype(np.int32), adjncy, 4, seed=3)  # any integer type
        self.assertTrue(np.array_equal(a, b))

    def test_repartition_balances_new_loads_and_its_plan_moves_the_difference(self):
        xadj, adjncy, _ = grid(30, 20)
        old = part.partition(xadj, adjncy, 4)
        vwgt = np.ones(600, dtype=np.int32)
        vwgt[:200] = 4  # the first ten rows got heavier
        new, plan = part.repartition(xadj, adjncy, old, 4, vwgt=vwgt)
        self.assertLessEqual(part.metrics(xadj, adjncy, new, vwgt=vwgt)["imbalance"], 1.03 + 1e-9)
        ranks = plan.rank_of_part
        moved = np.flatnonzero(ranks[new] != old)
        self.assertEqual(plan.moved_vertices, len(moved))
        self.assertGreater(len(moved), 0)
        listed = np.sort(np.concatenate([v for _, _, v in plan.messages]))
        self.assertTrue(np.array_equal(listed, moved))
        self.assertTrue(np.array_equal(plan.apply(old), new))
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "move.plan")
            plan.write(path)
            again = part.read_plan(path)
            self.assertTrue(np.array_equal(again.apply(old), new))
            self.assertEqual(again.moved_vertices, plan.moved_vertices)

    def test_bad_input_raises_part_error(self):
        xadj, adjncy, _ = grid(4, 4)
        with self.assertRaisesRegex(part.Error, "nonesuch"):
            part.partition(xadj, adjncy, 2, method="nonesuch")
        broken = adjncy.copy()
        broken[0] = 5
        with self.assertRaises(ValueError):  # part.Error is a ValueError
            part.partition(xadj, broken, 2)
        with self.assertRaises(part.Error):
            part.metrics(xadj, adjncy, np.zeros(3, dtype=np.int32))


if __name__ == "__main__":
    unittest.main()
