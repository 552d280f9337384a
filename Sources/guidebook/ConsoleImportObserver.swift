import GuidebookImport

/// What a local `guidebook import` reports to: progress drawn on standard error, cancelled by
/// Ctrl-C (the import running stops at its next step and rolls back).
final class ConsoleImportObserver: ImportObserver {
    /// The display of the file being imported; a new one for each file.
    var display = ProgressDisplay()
    private let cancel: CancelFlag

    init(cancelledBy cancel: CancelFlag) {
        self.cancel = cancel
    }

    func report(_ progress: ImportProgress) {
        display.update(phase: progress.phase.rawValue, message: progress.message, completed: progress.completed,
                       total: progress.total, unit: progress.unit)
    }

    var isCancelled: Bool { cancel.isSet }
}
