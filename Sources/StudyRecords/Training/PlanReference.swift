// session.json's `plan` key: which plan, which stored version, and which of its sessions this is.

/// Links a session to the training plan it belongs to; nil for sessions played without a plan.
public struct PlanReference: Sendable, Equatable, Codable {
    public var name: String
    /// The stored assignment (`plan-NNN.json`) the session followed.
    public var version: Int
    /// 1-based number of this session within the plan.
    public var session: Int
    public var totalSessions: Int

    public init(name: String, version: Int, session: Int, totalSessions: Int) {
        self.name = name
        self.version = version
        self.session = session
        self.totalSessions = totalSessions
    }

    enum CodingKeys: String, CodingKey {
        case name, version, session
        case totalSessions = "total_sessions"
    }
}
