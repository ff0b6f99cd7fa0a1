#pragma once
// VTK's own measure of the cells a .vtu holds, for tests of the cells the writers write.
#include <vtkCellData.h>
#include <vtkCellSizeFilter.h>
#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkUnstructuredGrid.h>
#include <vtkXMLUnstructuredGridReader.h>

#include <string>
#include <vector>

namespace part::test {

// VTK's measure of every cell of a .vtu: vtkCellSizeFilter's signed volume for 3D cells, its
// area for 2D ones.
inline std::vector<double> vtk_cell_measures(const std::string& vtu, int dim) {
    vtkNew<vtkXMLUnstructuredGridReader> reader;
    reader->SetFileName(vtu.c_str());
    vtkNew<vtkCellSizeFilter> sizes;
    sizes->SetInputConnection(reader->GetOutputPort());
    sizes->Update();
    vtkDataArray* array = vtkUnstructuredGrid::SafeDownCast(sizes->GetOutput())
                              ->GetCellData()
                              ->GetArray(dim == 3 ? "Volume" : "Area");
    std::vector<double> measures;
    if (array == nullptr) return measures;
    for (vtkIdType c = 0; c < array->GetNumberOfTuples(); ++c)
        measures.push_back(array->GetTuple1(c));
    return measures;
}

} // namespace part::test
