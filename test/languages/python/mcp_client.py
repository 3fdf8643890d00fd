"""Usage: mcp_client.py <node> <checkout> <base-url>

The official MCP Python SDK as an agent builder uses it: starts the MCP server over stdio
(`<node> scripts/cli/main.ts mcp --tags "Metrics, reputation, engagement" --base-url <base-url>` in
<checkout>), lists its tools, calls one, lists the resources and reads llms.txt, then makes two
mistakes an agent makes (a tool the server does not serve, a URI it did not list) and asks again.
Prints one JSON object per step, for test/languages/mcp-python-client.test.ts."""

import asyncio
import json
import sys

from mcp import ClientSession, MCPError, StdioServerParameters, stdio_client


def say(step: str, **facts: object) -> None:
    print(json.dumps({"step": step, **facts}), flush=True)


async def main(node: str, checkout: str, base_url: str) -> None:
    server = StdioServerParameters(
        command=node,
        args=["scripts/cli/main.ts", "mcp", "--tags", "Metrics, reputation, engagement", "--base-url", base_url],
        cwd=checkout,
    )
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = (await session.list_tools()).tools
        say("tools", names=[tool.name for tool in tools], readOnly=[bool(tool.annotations and tool.annotations.read_only_hint) for tool in tools])

        called = await session.call_tool("getReputationScore", {})
        say("call", isError=called.is_error, firstLine=called.content[0].text.split("\n")[0])

        resources = (await session.list_resources()).resources
        llms = next(resource for resource in resources if resource.name == "llms.txt")
        say("resource", uri=llms.uri, mimeType=llms.mime_type, size=llms.size, count=len(resources))
        text = (await session.read_resource(llms.uri)).contents[0].text
        say("read", bytes=len(text.encode("utf-8")), firstLine=text.split("\n")[0])

        for mistake, attempt in [
            ("a write on a read-only server", session.call_tool("sendBatch", {"id": "b1"})),
            ("a URI it did not list", session.read_resource("email-delivery://docs/../package.json")),
        ]:
            try:
                await attempt
                say("mistake", what=mistake, refused=False)
            except MCPError as error:
                say("mistake", what=mistake, refused=True, code=error.code, message=error.message)
        say("after", tools=len((await session.list_tools()).tools))


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
