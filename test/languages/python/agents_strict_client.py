"""Usage: agents_strict_client.py <node> <checkout> <base-url>

The OpenAI Agents SDK as an agent builder uses it with a strict model: starts the MCP server over
stdio (`<node> scripts/cli/main.ts mcp --allow-writes --base-url <base-url> --client openai` in
<checkout>) as an MCPServerStdio, converts every tool with the SDK's own strict conversion
(`MCPUtil.get_function_tools(..., convert_schemas_to_strict=True, ...)`, what an Agent with
`mcp_config={"convert_schemas_to_strict": True}` does), capturing the SDK's INFO log where a tool
that cannot be made strict falls back, then calls two tools through the converted function tools
as a model's tool call would: a JSON text body, JSON text query pairs, and JSON text that does not
parse. It does the conversion first without --client, where the log names each tool that falls
back. No model is called:
nothing goes to OpenAI (tracing is off too). Prints one JSON object per step, for
test/languages/mcp-agents-strict.test.ts."""

import asyncio
import json
import logging
import sys

from agents import Agent, RunContextWrapper, set_tracing_disabled
from agents.mcp import MCPServerStdio, MCPUtil
from agents.mcp._compat import tool_input_schema
from agents.tool_context import ToolContext


def say(step: str, **facts: object) -> None:
    print(json.dumps({"step": step, **facts}), flush=True)


class Captured(logging.Handler):
    """Every record the SDK logs, as text."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname}: {record.getMessage()}")


def first_line(output: object) -> str:
    """The first line of a converted tool's output: one text item, or a list of them."""
    items = output if isinstance(output, list) else [output]
    text = "\n".join(str(item.get("text", "")) if isinstance(item, dict) else str(item) for item in items)
    return text.split("\n")[0]


async def convert(node: str, checkout: str, base_url: str, options: list[str], captured: Captured) -> None:
    """Starts the server with `options`, converts its tools strictly, says how many stayed strict; with --client, calls three."""
    captured.lines.clear()
    server = MCPServerStdio(
        params={"command": node, "args": ["scripts/cli/main.ts", "mcp", "--allow-writes", "--base-url", base_url, *options], "cwd": checkout},
        name="email-delivery",
    )
    async with server:
        agent = Agent(name="strict", mcp_servers=[server])
        context: RunContextWrapper[None] = RunContextWrapper(context=None)
        served = {tool.name: tool_input_schema(tool) for tool in await server.list_tools(context, agent)}
        tools = await MCPUtil.get_function_tools(server, True, context, agent)
        say(
            "converted",
            options=options,
            tools=len(tools),
            strict=[tool.name for tool in tools if tool.strict_json_schema],
            fallbacks=[line for line in captured.lines if "strict" in line],
            # Strict as served: the SDK's conversion changed nothing in these schemas.
            unchanged=[tool.name for tool in tools if tool.params_json_schema == served[tool.name]],
        )
        if not options:
            return
        by_name = {tool.name: tool for tool in tools}
        for name, arguments in [
            ("sendBatch", {"id": "b1", "body": json.dumps({"subject": "Hello", "to": ["a@example.test"]})}),
            ("getApiKey", {"pairs": json.dumps({"scope": "read", "note": "a b"})}),
            ("sendBatch", {"id": "b2", "body": "{not json"}),
        ]:
            text = json.dumps(arguments)
            call = ToolContext(context=None, tool_name=name, tool_call_id=f"call-{name}", tool_arguments=text)
            say("call", tool=name, firstLine=first_line(await by_name[name].on_invoke_tool(call, text)))


async def main(node: str, checkout: str, base_url: str) -> None:
    set_tracing_disabled(True)
    captured = Captured()
    sdk_logger = logging.getLogger("openai.agents")
    sdk_logger.setLevel(logging.INFO)
    sdk_logger.addHandler(captured)
    # As described first (the fallbacks the log shows), then for a strict client.
    await convert(node, checkout, base_url, [], captured)
    await convert(node, checkout, base_url, ["--client", "openai"], captured)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
