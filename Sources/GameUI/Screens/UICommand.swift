// The abstract commands every screen understands, whatever device produced them (keyboard, mouse, gamepad).

/// A device-independent user command for menus and screens. The `InputHandler` maps keys,
/// mouse clicks and gamepad buttons onto these, so every screen works with any device alone.
enum UICommand: Equatable, Sendable {
    case up, down, left, right
    /// Enter / gamepad A: press the focused button, confirm, continue.
    case activate
    /// Space, the photo key: takes the photo, and elsewhere acts as `activate` — except on the break screen,
    /// which asks the supervisor for Enter (a participant's photo press must not skip the break).
    case photoKey
    /// Escape / gamepad B: leave a sub-screen or open the pause menu.
    case back
    /// P / gamepad Start: pause a running round.
    case pause
    /// R / gamepad Y: set "straight ahead" to where the player faces now.
    case recentre
    /// B / gamepad X on the headphone check: the sound was heard on both sides.
    case heardBoth
    /// N / gamepad Back on the headphone check: the sound was not heard at all.
    case heardNothing
    /// `+` `=` `]` / `-` `[` (keypad + and − too): the volume, during a round (`SessionVolume`). The arrows Up/Down
    /// and the d-pad's up/down are `up`/`down`, which a running round takes as the volume as well.
    case volumeUp, volumeDown
    /// T on the pitch match's first screen: the tinnitus sounds like a tone (N there, `heardNothing`, is a noise).
    case tone
    /// L (gamepad X, which is `heardBoth` elsewhere) while help is offered during a search: the call again.
    case listenAgain
    /// K (gamepad Back, which is `heardNothing` elsewhere) while help is offered during a search: skip this animal.
    case skipAnimal
    /// M (gamepad X, which is `heardBoth` elsewhere) on a training session's end screen: "My album".
    case album
    /// Typed text (SDL_TEXTINPUT), for the participant ID and number fields.
    case text(String)
    case backspace
}
