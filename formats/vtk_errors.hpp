#pragma once
// VTK's error reports as text, for the readers and writers built on VTK (formats/vtk_*.cpp).
#include <string>

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkObject.h>
#include <vtkOutputWindow.h>
#include <vtkStringOutputWindow.h>

namespace part::formats {

// Collects the errors VTK reports while an algorithm runs, which it would otherwise only
// print: those of the algorithm itself (ErrorEvent) and of helpers it creates, such as the
// XML parser, which reach only the global output window.
class VtkErrors {
  public:
    explicit VtkErrors(vtkObject* watched) {
        vtkLogger::SetStderrVerbosity(vtkLogger::VERBOSITY_OFF);
        previous_ = vtkOutputWindow::GetInstance();
        previous_->Register(nullptr);
        window_->SetDisplayModeToNever();
        vtkOutputWindow::SetInstance(window_);
        callback_->SetClientData(this);
        callback_->SetCallback([](vtkObject*, unsigned long, void* self, void* message) {
            auto* errors = static_cast<VtkErrors*>(self);
            if (errors->first_.empty() && message)
                errors->first_ = static_cast<const char*>(message);
        });
        watched->AddObserver(vtkCommand::ErrorEvent, callback_);
    }
    ~VtkErrors() {
        vtkOutputWindow::SetInstance(previous_);
        previous_->UnRegister(nullptr);
    }
    VtkErrors(const VtkErrors&) = delete;
    VtkErrors& operator=(const VtkErrors&) = delete;

    bool any() const { return !first_.empty() || text().find("ERROR") != std::string::npos; }
    // The first message without VTK's "ERROR: In file, line ..." preamble.
    std::string message() const {
        std::string m = text().empty() ? first_ : text(); // the earliest, most specific error
        const auto colon = m.find("): ");
        if (colon != std::string::npos) m = m.substr(colon + 3);
        const auto end = m.find('\n');
        if (end != std::string::npos) m = m.substr(0, end);
        while (!m.empty() && m.back() == ' ') m.pop_back();
        return m;
    }

  private:
    std::string text() const { return window_->GetOutput(); }
    vtkNew<vtkCallbackCommand> callback_;
    vtkNew<vtkStringOutputWindow> window_;
    vtkOutputWindow* previous_ = nullptr;
    std::string first_;
};

} // namespace part::formats
