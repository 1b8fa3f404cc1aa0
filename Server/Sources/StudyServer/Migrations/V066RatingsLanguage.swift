// Migration 66: ratings: language (the one the question was asked in, issue 41).

extension Migration {
    static let v066RatingsLanguage = Migration(
        version: 66, name: "ratings: language (the one the question was asked in)",
        statements: [
            // NULL: not recorded. Rows projected before came from files without the column (docs/LOG-FORMAT.md), and a
            // file begun before it keeps its header, so its later rows have none either.
            "ALTER TABLE ratings ADD COLUMN language text"
        ])
}
