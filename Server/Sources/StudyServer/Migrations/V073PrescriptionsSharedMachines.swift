// Migration 73: prescriptions: shared_machines (whether a lab PC where the participant played receives it too).

extension Migration {
    static let v073PrescriptionsSharedMachines = Migration(
        version: 73, name: "prescriptions: shared_machines (a lab PC keeps its settings unless it says so)",
        statements: [
            // false: a prescription reaches the participant's own machines only (issue 39, 5.1: a home plan and notch
            // reached the lab PC where the participant once played). The rows before it reached every machine.
            "ALTER TABLE prescriptions ADD COLUMN shared_machines boolean NOT NULL DEFAULT false"
        ])
}
