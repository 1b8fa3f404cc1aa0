// The request context of every route: Hummingbird's core storage plus who is asking (set by AuthenticationMiddleware).
import Hummingbird
import Localization

public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: Identity?
    /// A dashboard page's browser session, its cookie's token, and a POSTed form whose CSRF token was checked (set by
    /// WebMiddleware).
    public var web: WebRequest?

    public init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
        web = nil
    }

    /// A body, a sync batch included, is at most 1 MiB; more is a 413 problem.
    public var maxUploadSize: Int { ServerConfiguration.maximumBodyBytes }

    /// The signed-in account if its role is one of `roles`; a 401 or 403 problem otherwise.
    func account(_ roles: Role...) throws -> Account {
        switch identity {
        case .account(let account) where roles.contains(account.role): return account
        case .account(let account):
            throw Problem.forbidden(
                Sentence.gettext(
                    "A {role} may not do this: ask someone with the role {roles}.",
                    ["role": account.role.rawValue, "roles": roles.map(\.rawValue).joined(separator: " or ")]))
        case .device:
            throw Problem.forbidden("A device token cannot do this: sign in as a person with POST /api/v1/login.")
        case nil:
            throw Problem.unauthorized(
                "Sign in first: POST /api/v1/login, then send the token as 'Authorization: Bearer TOKEN'.")
        }
    }

    /// The enrolled device making the request; a 401 or 403 problem otherwise.
    func device() throws -> Device {
        switch identity {
        case .device(let device): return device
        case .account: throw Problem.forbidden("Only an enrolled device may do this: use its device token.")
        case nil: throw Problem.unauthorized("Enrol this machine first: soundsafari sync --server URL --enrol CODE.")
        }
    }
}
