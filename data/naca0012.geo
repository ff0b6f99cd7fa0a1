// NACA0012 airfoil (chord 1) in a circular far field of radius 15: a 2D triangle mesh of
// about 20k cells, refined toward the airfoil. Regenerate with data/regenerate.sh.
N = 100;            // points per airfoil surface
lc_wall = 0.006;    // size at the airfoil
lc_far = 1.2;       // size at the far field
R = 15;

// Upper surface, cosine-spaced from the trailing edge to the leading edge.
For i In {0:N}
  theta = Pi * i / N;
  x = 0.5 * (1 + Cos(theta));
  y = 0.6 * (0.2969 * Sqrt(x) - 0.1260 * x - 0.3516 * x^2 + 0.2843 * x^3 - 0.1036 * x^4);
  Point(1 + i) = {x, y, 0, lc_wall};
EndFor
// Lower surface, leading edge back to the trailing edge (sharing both end points).
For i In {1:N-1}
  theta = Pi * i / N;
  x = 0.5 * (1 - Cos(theta));
  y = -0.6 * (0.2969 * Sqrt(x) - 0.1260 * x - 0.3516 * x^2 + 0.2843 * x^3 - 0.1036 * x^4);
  Point(N + 1 + i) = {x, y, 0, lc_wall};
EndFor
Spline(1) = {1:N+1};
Spline(2) = {N+1:2*N, 1};

c = 1000;
Point(c) = {0.5, 0, 0, lc_far};
Point(c + 1) = {0.5 + R, 0, 0, lc_far};
Point(c + 2) = {0.5, R, 0, lc_far};
Point(c + 3) = {0.5 - R, 0, 0, lc_far};
Point(c + 4) = {0.5, -R, 0, lc_far};
Circle(11) = {c + 1, c, c + 2};
Circle(12) = {c + 2, c, c + 3};
Circle(13) = {c + 3, c, c + 4};
Circle(14) = {c + 4, c, c + 1};

Curve Loop(21) = {11, 12, 13, 14};
Curve Loop(22) = {1, 2};
Plane Surface(31) = {21, 22};

// Grade the size smoothly away from the wall.
Field[1] = Distance;
Field[1].CurvesList = {1, 2};
Field[1].Sampling = 400;
Field[2] = MathEval;
Field[2].F = Sprintf("Min(%g + 0.08 * F1, %g)", lc_wall, lc_far);
Background Field = 2;
Mesh.MeshSizeExtendFromBoundary = 0;
Mesh.MeshSizeFromPoints = 0;
Mesh.MeshSizeFromCurvature = 0;

Physical Curve("wall") = {1, 2};
Physical Curve("farfield") = {11, 12, 13, 14};
Physical Surface("fluid") = {31};
