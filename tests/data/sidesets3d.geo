// A box of tetrahedra whose boundary faces carry three physical surfaces: written to Exodus II
// by tests/data/make_exodus_sidesets.cpp with "inlet" and "outlet" as side sets and "walls" as
// a block of triangles.
SetFactory("OpenCASCADE");
Box(1) = {0, 0, 0, 1, 1, 0.5};
Mesh.MeshSizeMin = 0.6;
Mesh.MeshSizeMax = 0.6;
Physical Volume("fluid", 1) = {1};
Physical Surface("inlet", 2) = {1};
Physical Surface("outlet", 3) = {2};
Physical Surface("walls", 4) = {3, 4, 5, 6};
