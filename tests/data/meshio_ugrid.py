# Writes gmsh meshes as AFLR3 UGRID files with meshio (its own UGRID writer), the test data of
# the UGRID reader: python3 meshio_ugrid.py IN.msh OUT.ugrid [OUT.lb8.ugrid ...]
# tests/data/mixed3d*.ugrid: from mixed3d_v41.msh; pyramids3d*.ugrid: from pyramids3d.msh.
# The surface id of every boundary face is 1 (meshio writes no other).
import sys
import numpy as np
import meshio

m = meshio.read(sys.argv[1])
kinds = ["triangle", "quad", "tetra", "pyramid", "wedge", "hexahedron"]
blocks = []
for kind in kinds:
    parts = [(i, b) for i, b in enumerate(m.cells) if b.type == kind]
    if not parts:
        continue
    blocks.append(meshio.CellBlock(kind, np.concatenate([b.data for _, b in parts])))
out = meshio.Mesh(m.points, blocks)
for name in sys.argv[2:]:
    meshio.write(name, out, file_format="ugrid")
