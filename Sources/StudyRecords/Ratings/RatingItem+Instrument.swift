// The session ratings as an instrument's items: what `Questionnaires/session-ratings.json` holds, and the one form asks.

extension RatingItem {
    /// This rating as an item of the `session-ratings` instrument (the shipped file holds the same, checked by
    /// `InstrumentTests`): yes/no and the SAM scale as single choices of the values ratings.csv stores, the slider
    /// from 0 to 1 between its anchors. The window asks it with the same form as every instrument's item; its
    /// answer still goes to ratings.csv.
    public var instrumentItem: Instrument.Item {
        let kind: Instrument.Kind
        switch scale {
        case .yesNo:
            kind = .singleChoice([Instrument.Option(value: 1, label: "Yes"), Instrument.Option(value: 0, label: "No")])
        case .slider(let left, let right):
            kind = .slider(min: 0, max: 1, left: left, right: right)
        case .manikin:
            kind = .singleChoice((1...Self.manikinPoints).map { Instrument.Option(value: Double($0), label: "\($0)") })
        }
        return Instrument.Item(id: id, text: question, kind: kind)
    }
}
