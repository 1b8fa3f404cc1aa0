// A small W3C WebDriver client: JSON over HTTP to Debian's chromedriver, driving a headless Chromium.
import Foundation
import Glibc
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// Chromium and its driver, as scripts/install-deps.sh installs them (`chromium`, `chromium-driver`).
enum Browser {
    static let driverPath = "/usr/bin/chromedriver"
    static let chromiumPath = "/usr/bin/chromium"
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: driverPath)
            && FileManager.default.isExecutableFile(atPath: chromiumPath)
    }
    static let skipReason: Comment =
        "chromedriver or chromium is not installed: scripts/install-deps.sh installs chromium and chromium-driver"

    /// Where screenshots go: Server/browser-screenshots/ (git-ignored; the best are copied to docs/screenshots/).
    static let screenshots: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("browser-screenshots")
}

struct WebDriverError: Error, CustomStringConvertible {
    var description: String
}

/// One chromedriver process and one browser session of it; `close()` ends both.
final class WebDriver: Sendable {
    let base: URL
    let session: String
    private let pid: pid_t

    /// Starts chromedriver on a free port and a headless Chromium with a window of `width` × `height`, asking for
    /// pages in `language` (its Accept-Language).
    static func start(width: Int = 1280, height: Int = 800, language: String = "en") async throws -> WebDriver {
        let port = try freePort()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("chromedriver-\(port).log")
        let pid = try Spawn.start([Browser.driverPath, "--port=\(port)"], output: log)
        let base = URL(string: "http://127.0.0.1:\(port)")!
        // Ready when its log says so: a request before it listens would leave NIO's test client waiting.
        var ready = false
        for _ in 0..<200 where !ready {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            ready = text.contains("started successfully")
            if !ready { usleep(50_000) }
        }
        guard ready else {
            kill(pid, SIGKILL)
            _ = Spawn.wait(pid)
            throw WebDriverError(description: "chromedriver did not start: see \(log.path)")
        }
        let arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--window-size=\(width),\(height)", "--force-device-scale-factor=1", "--lang=\(language)",
        ]
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": Browser.chromiumPath, "args": arguments,
                        "prefs": ["intl.accept_languages": language],
                    ],
                ]
            ]
        ]
        do {
            let reply = try await request(base, "POST", "/session", capabilities)
            guard let value = reply["value"] as? [String: Any], let session = value["sessionId"] as? String else {
                throw WebDriverError(description: "chromedriver started no session: \(reply)")
            }
            let driver = WebDriver(base: base, session: session, pid: pid)
            try await driver.setViewport(width: width, height: height)
            return driver
        } catch {
            kill(pid, SIGKILL)
            _ = Spawn.wait(pid)
            throw error
        }
    }

    private init(base: URL, session: String, pid: pid_t) {
        self.base = base
        self.session = session
        self.pid = pid
    }

    /// Ends the browser (WebDriver's DELETE session), then chromedriver. SIGKILL: a child spawned from the test
    /// process may inherit SIGTERM blocked.
    func close() async {
        _ = try? await Self.request(base, "DELETE", "/session/\(session)", nil)
        kill(pid, SIGKILL)
        _ = Spawn.wait(pid)
    }

    /// Runs `body` with a browser, closing it whatever happens.
    static func with(
        width: Int = 1280, height: Int = 800, language: String = "en",
        _ body: @Sendable (WebDriver) async throws -> Void
    ) async throws {
        let driver = try await start(width: width, height: height, language: language)
        do {
            try await body(driver)
        } catch {
            await driver.close()
            throw error
        }
        await driver.close()
    }

    // MARK: Commands

    @discardableResult
    func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        let reply = try await Self.request(base, method, "/session/\(session)" + path, body ?? [:], method: method)
        let value = reply["value"]
        if let error = value as? [String: Any], let kind = error["error"] as? String {
            throw WebDriverError(description: "\(method) \(path): \(kind): \(error["message"] ?? "")")
        }
        return value
    }

    func go(_ url: String) async throws { try await command("POST", "/url", ["url": url]) }
    func currentURL() async throws -> String { try await command("GET", "/url") as? String ?? "" }
    func title() async throws -> String { try await command("GET", "/title") as? String ?? "" }

    /// The visible text of the page (what a reader sees, markup excluded).
    func text() async throws -> String {
        try await execute("return document.body.innerText;") as? String ?? ""
    }

    /// The element matching the CSS selector (an error naming it when there is none).
    func element(_ css: String) async throws -> String {
        let value = try await command("POST", "/element", ["using": "css selector", "value": css])
        guard let element = value as? [String: Any], let id = element.values.first as? String else {
            throw WebDriverError(description: "no element matches \(css)")
        }
        return id
    }

    func elements(_ css: String) async throws -> [String] {
        let value = try await command("POST", "/elements", ["using": "css selector", "value": css])
        return (value as? [[String: Any]] ?? []).compactMap { $0.values.first as? String }
    }

    func type(_ css: String, _ text: String) async throws {
        let id = try await element(css)
        try await command("POST", "/element/\(id)/clear")
        try await command("POST", "/element/\(id)/value", ["text": text])
    }

    func click(_ css: String) async throws {
        try await command("POST", "/element/\(try await element(css))/click")
    }

    /// Clicks what navigates (a form's button, a link) and waits until the next page has loaded: a click may
    /// return before the browser has left the old page.
    func clickAndLoad(_ css: String) async throws {
        try await execute("window.__leaving = true;")
        try await click(css)
        try await waitForNewPage()
    }

    /// Presses keys that navigate (Enter in a form) and waits for the next page, as `clickAndLoad`.
    func pressAndLoad(_ keys: String) async throws {
        try await execute("window.__leaving = true;")
        try await press(keys)
        try await waitForNewPage()
    }

    private func waitForNewPage() async throws {
        for _ in 0..<200 {
            let loaded =
                try? await execute("return window.__leaving === undefined && document.readyState === 'complete';")
            if loaded as? Bool == true { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw WebDriverError(description: "the page did not change after a click: \(try await currentURL())")
    }

    /// Presses keys on whatever has the focus (WebDriver's key codes: "\u{E004}" is Tab, "\u{E007}" Enter).
    func press(_ keys: String) async throws {
        let down = keys.map { ["type": "keyDown", "value": String($0)] }
        let up = keys.map { ["type": "keyUp", "value": String($0)] }
        var sequence: [[String: String]] = []
        for (pressed, released) in zip(down, up) { sequence += [pressed, released] }
        try await command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": sequence]]])
        try await command("DELETE", "/actions")
    }

    @discardableResult
    func execute(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "/execute/sync", ["script": script, "args": arguments])
    }

    /// Sets the page's viewport (the window's inner size) to `width` × `height` CSS pixels.
    func setViewport(width: Int, height: Int) async throws {
        try await command("POST", "/window/rect", ["width": width, "height": height])
        // The window includes the browser's frame: grow it by what the viewport lacks.
        let inner = try await execute("return [window.innerWidth, window.innerHeight];") as? [Int] ?? [width, height]
        if inner != [width, height] {
            try await command(
                "POST", "/window/rect", ["width": 2 * width - inner[0], "height": 2 * height - inner[1]])
        }
    }

    /// Saves a PNG of the top of the page (the viewport, scrolled up) as Server/browser-screenshots/NAME.png.
    @discardableResult
    func screenshot(_ name: String) async throws -> URL {
        try await execute("window.scrollTo(0, 0);")
        guard let base64 = try await command("GET", "/screenshot") as? String, let png = Data(base64Encoded: base64)
        else { throw WebDriverError(description: "chromedriver returned no screenshot") }
        try FileManager.default.createDirectory(at: Browser.screenshots, withIntermediateDirectories: true)
        let file = Browser.screenshots.appendingPathComponent("\(name).png")
        try png.write(to: file)
        return file
    }

    /// Whether a JavaScript alert is open (an injected script that ran would have opened one).
    func alertIsOpen() async -> Bool {
        (try? await command("GET", "/alert/text")) != nil
    }

    // MARK: HTTP

    /// One command over a new connection, through HummingbirdTesting's NIO client (FoundationNetworking's
    /// URLSession fails on chromedriver's answers with "Failed writing header").
    private static func request(
        _ base: URL, _ verb: String, _ path: String, _ body: [String: Any]?, method: String? = nil
    ) async throws -> [String: Any] {
        let post = verb == "POST"
        let payload = post ? try JSONSerialization.data(withJSONObject: body ?? [:]) : nil
        let reply = try await TestClient.withClient(
            host: base.host ?? "127.0.0.1", port: base.port ?? 80, configuration: .init(timeout: .seconds(120))
        ) { client in
            try await client.execute(
                TestClient.Request(
                    path, method: HTTPRequest.Method(rawValue: verb) ?? .get,
                    // chromedriver answers only requests whose Host is the local address it listens on.
                    authority: "127.0.0.1:\(base.port ?? 80)",
                    headers: post ? [.contentType: "application/json"] : [:],
                    body: payload.map { ByteBuffer(bytes: $0) }))
        }
        let data = Data(reply.body.map { $0.readableBytesView } ?? ByteBuffer().readableBytesView)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw WebDriverError(description: "chromedriver answered \(verb) \(path) with no JSON object")
        }
        return object
    }

    /// A TCP port nobody listens on now (the kernel picks it; chromedriver binds it right after).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw WebDriverError(description: "no free TCP port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// axe-core, from PyPI's axe-selenium-python (scripts/browser-test-deps.sh installs it in .browser-venv/).
enum Axe {
    static var script: String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let venv = root.appendingPathComponent(".browser-venv/lib")
        guard let pythons = try? FileManager.default.contentsOfDirectory(atPath: venv.path) else { return nil }
        for python in pythons {
            let file = venv.appendingPathComponent(
                "\(python)/site-packages/axe_selenium_python/node_modules/axe-core/axe.min.js")
            if let text = try? String(contentsOf: file, encoding: .utf8) { return text }
        }
        return nil
    }

    /// The violations of impact serious or critical on the page shown: "rule: description (n nodes)" each.
    static func seriousViolations(in driver: WebDriver, axe: String) async throws -> [String] {
        try await driver.execute(axe + "\n;return true;")
        let result = try await driver.command(
            "POST", "/execute/async",
            [
                "script": """
                const done = arguments[arguments.length - 1];
                axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)),
                  e => done(JSON.stringify([{id: 'axe-error', impact: 'critical', description: String(e), nodes: []}])));
                """,
                "args": [],
            ])
        let data = Data((result as? String ?? "[]").utf8)
        let violations = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return violations.filter { ["serious", "critical"].contains($0["impact"] as? String ?? "") }.map {
            let nodes = ($0["nodes"] as? [[String: Any]] ?? []).compactMap { ($0["target"] as? [Any])?.first }
            return "\($0["id"] ?? ""): \($0["description"] ?? "") \(nodes)"
        }
    }
}
