// Build-tool plugin: turns the checkout's VERSION file into `BuildInfo.version`, so the version is the build's.
import Foundation
import PackagePlugin

@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let versionFile = context.package.directoryURL.appendingPathComponent("VERSION")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildVersion.swift")
        return [
            .buildCommand(
                displayName: "Stamping the build with VERSION",
                executable: try context.tool(named: "version-stamp").url,
                arguments: [versionFile.path, output.path],
                inputFiles: [versionFile],
                outputFiles: [output])
        ]
    }
}
