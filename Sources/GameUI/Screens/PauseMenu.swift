// The pause menu's rows: resume, recentre, quit.

enum PauseMenu {
    static func model() -> MenuModel {
        MenuModel([
            .button("resume", "Resume"),
            .button("recentre", "Recentre (straight ahead = where I face now)"),
            .button("quit", "Quit (everything so far is saved)"),
        ])
    }
}
