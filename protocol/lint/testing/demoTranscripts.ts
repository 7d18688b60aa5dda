/**
 * Real lines captured from the demo server (dist/node/demo/server.js, on @modelcontextprotocol/server
 * 2.4.0 serveStdio) on 2026-11-30, one process per flow: what a correct peer actually writes.
 * 'send' is a client line on stdin, 'recv' a server line on stdout. Unedited.
 */

export type Direction = 'send' | 'recv';

/** initialize, notifications/initialized, tools/list, tools/call (structured + media), prompts, resources, ping. */
export const DEMO_HANDSHAKE: ReadonlyArray<readonly [Direction, string]> = [
  [
    'send',
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}',
  ],
  [
    'recv',
    '{"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true},"resources":{"listChanged":true},"prompts":{"listChanged":true},"logging":{},"completions":{}},"serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"},"instructions":"Demo server for MCP Lens. Try echo/add for simple calls, create_order for a rich input form, media for image/audio/resource-link content, fail for a tool error, slow for progress and cancellation, and confirm_action for elicitation (handshake flow) or input_required (stateless flow). Read info://server-info or greeting://{name}, or get the summarize prompt."},"jsonrpc":"2.0","id":1}',
  ],
  ['send', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
  ['send', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'],
  [
    'recv',
    '{"result":{"tools":[{"name":"echo","title":"Echo","description":"Returns the message it was given.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"message":{"type":"string","description":"Text to echo back"}},"required":["message"]},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"add","title":"Add","description":"Adds two numbers.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"a":{"type":"number","description":"First addend"},"b":{"type":"number","description":"Second addend"}},"required":["a","b"]},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"create_order","title":"Create order","description":"Creates a (fake) order. Its input schema exercises nested objects, arrays, enums, ranges, nullable and optional fields, and a oneOf; the result carries structuredContent.","inputSchema":{"type":"object","properties":{"customer":{"type":"object","title":"Customer","properties":{"name":{"type":"string","minLength":1,"title":"Name"},"email":{"type":"string","format":"email","title":"Email"}},"required":["name"],"additionalProperties":false},"items":{"type":"array","title":"Items","minItems":1,"items":{"type":"object","properties":{"sku":{"type":"string","minLength":1,"title":"SKU","examples":["LENS-01","CAP-02","STRAP-03"]},"quantity":{"type":"integer","minimum":1,"maximum":99,"title":"Quantity"}},"required":["sku","quantity"],"additionalProperties":false}},"priority":{"type":"string","enum":["low","normal","high"],"title":"Priority"},"discount":{"type":"number","minimum":0,"maximum":100,"title":"Discount (%)"},"gift":{"type":"boolean","title":"Gift wrap"},"note":{"type":["string","null"],"title":"Note","description":"Free text, or null for no note"},"delivery":{"title":"Delivery","oneOf":[{"type":"object","title":"Pickup","properties":{"type":{"const":"pickup"},"store":{"type":"string","minLength":1,"title":"Store"}},"required":["type","store"],"additionalProperties":false},{"type":"object","title":"Ship","properties":{"type":{"const":"ship"},"address":{"type":"string","minLength":1,"title":"Address"}},"required":["type","address"],"additionalProperties":false}]}},"required":["customer","items","priority","delivery"],"additionalProperties":false},"annotations":{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":false,"openWorldHint":false},"outputSchema":{"type":"object","properties":{"orderId":{"type":"string"},"itemCount":{"type":"integer","description":"Total quantity across all lines"},"total":{"type":"number","description":"Order total after discount"},"priority":{"type":"string","enum":["low","normal","high"]},"delivery":{"type":"string","enum":["pickup","ship"]}},"required":["orderId","itemCount","total","priority","delivery"],"additionalProperties":false}},{"name":"media","title":"Media","description":"Returns an image, an audio clip and a link to the server-info resource.","inputSchema":{"type":"object","properties":{}},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"fail","title":"Fail","description":"Always fails with a tool error (isError: true), not a JSON-RPC error.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"reason":{"description":"Optional reason to include","type":"string"}}},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"slow","title":"Slow","description":"Works through a number of steps, sending notifications/progress after each one when the request carries a progress token. Honours cancellation.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"steps":{"default":5,"description":"Number of steps","type":"integer","minimum":1,"maximum":50},"delayMs":{"default":500,"description":"Delay per step (ms)","type":"integer","minimum":10,"maximum":5000}}},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"confirm_action","title":"Confirm action","description":"Asks the user to confirm an action: elicitation/create on the handshake flow, an input_required result on the stateless flow.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"action":{"type":"string","description":"What to confirm, e.g. \\"delete the cache\\""}},"required":["action"]},"annotations":{"readOnlyHint":true,"openWorldHint":false}}]},"jsonrpc":"2.0","id":2}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_order","arguments":{"customer":{"name":"Ada"},"items":[{"sku":"LENS-01","quantity":1}],"priority":"normal","delivery":{"type":"pickup","store":"Main St"}}}}',
  ],
  [
    'recv',
    '{"result":{"content":[{"type":"text","text":"{\\"orderId\\":\\"ORD-0001\\",\\"itemCount\\":1,\\"total\\":49.9,\\"priority\\":\\"normal\\",\\"delivery\\":\\"pickup\\"}"}],"structuredContent":{"orderId":"ORD-0001","itemCount":1,"total":49.9,"priority":"normal","delivery":"pickup"}},"jsonrpc":"2.0","id":3}',
  ],
  ['send', '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"media","arguments":{}}}'],
  [
    'recv',
    '{"result":{"content":[{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAP0lEQVR4nGNgoDZQTX79Hx+mSDNeQ4jVjNUQdMnbr/41YMM4DSFGMzZDRg2glQFkRSPFCYkqSZlYQ/BqJgcAAIFd1aT8EWzZAAAAAElFTkSuQmCC","mimeType":"image/png"},{"type":"audio","data":"UklGRvQHAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YdAHAACAgIGBgoKDgoGAfn17enl5e31/g4aJi4uLiYaBfXh0cXBxdHh+hIqPk5SUkIuEfHRuaWdobHN7hI2Vm52dmJGHfHFoYV5fZGx3g5CboqamoZiLfXBjWlVWW2VygZGfqa+vqp+RgG9fVE1MUl1sfpGir7e5s6iXhG9dTkVDSFRlepCktb/CvbGfiXFbST06PkpddY6lucbLx7unjnRaRTcxNEBVboqlvc3U0cWwlXhbQjAoKjZLZ4akv9Lc28+6nX1dQCsgICtBXoCiwNbi49jCpYNhQyweHSc8WHqcu9Ph5NrHq4lnSC8gHCQ3U3OWts/f5N3LsJBtTTMiHCIzTW2QsMvd5N/PtpZzUzckHCAvSGeJq8fa5OHTu5x6WDwnHR4sQ2GDpcLY4+LWwKKAXkAqHh0oPlt9n73U4uPZxKiGZEUtHxwmOVV3mbjR4OTcya2NakoxIRwjNVBwk7PN3uTezbOTcFA1IxwhMUpqja3J3OTg0biZd1U5JhwfLUVkhqjE2ePi1L2ffVs+KB0eKkBegKLA1uLj2MKlg2FDLB4dJzxYepy70+Hk2seriWdILyAcJDdTc5a2z9/k3cuwkG1NMyIcIjNNbZCwy93k38+2lnNTNyQcIC9IZ4mrx9rk4dO7nHpYPCcdHixDYYOlwtjj4tbAooBeQCoeHSg+W32fvdTi49nEqIZkRS0fHCY5VXeZuNHg5NzJrY1qSjEhHCM1UHCTs83e5N7Ns5NwUDUjHCExSmqNrcnc5ODRuJl3VTkmHB8tRWSGqMTZ4+LUvZ99Wz4oHR4qQF6AosDW4uPYwqWDYUMsHh0nPFh6nLvT4eTax6uJZ0gvIBwkN1NzlrbP3+Tdy7CQbU0zIhwiM01tkLDL3eTfz7aWc1M3JBwgL0hniavH2uTh07ucelg8Jx0eLENhg6XC2OPi1sCigF5AKh4dKD5bfZ+91OLj2cSohmRFLR8cJjlVd5m40eDk3MmtjWpKMSEcIzVQcJOzzd7k3s2zk3BQNSMcITFKao2tydzk4NG4mXdVOSYcHy1FZIaoxNnj4tS9n31bPigdHipAXoCiwNbi49jCpYNhQyweHSc8WHqcu9Ph5NrHq4lnSC8gHCQ3U3OWts/f5N3LsJBtTTMiHCIzTW2QsMvd5N/PtpZzUzckHCAvSGeJq8fa5OHTu5x6WDwnHR4sQ2GDpcLY4+LWwKKAXkAqHh0oPlt9n73U4uPZxKiGZEUtHxwmOVV3mbjR4OTcya2NakoxIRwjNVBwk7PN3uTezbOTcFA1IxwhMUpqja3J3OTg0biZd1U5JhwfLUVkhqjE2ePi1L2ffVs+KB0eKkBegKLA1uLj2MKlg2FDLB4dJzxYepy70+Hk2seriWdILyAcJDdTc5a2z9/k3cuwkG1NMyIcIjNNbZCwy93k38+2lnNTNyQcIC9IZ4mrx9rk4dO7nHpYPCcdHixDYYOlwtjj4tbAooBeQCoeHSg+W32fvdTi49nEqIZkRS0fHCY5VXeZuNHg5NzJrY1qSjEhHCM1UHCTs83e5N7Ns5NwUDUjHCExSmqNrcnc5ODRuJl3VTkmHB8tRWSGqMTZ4+LUvZ99Wz4oHR4qQF6AosDW4uPYwqWDYUMsHh0nPFh6nLvT4eTax6uJZ0gvIBwkN1NzlrbP3+Tdy7CQbU0zIhwiM01tkLDL3eTfz7aWc1M3JBwgL0hniavH2uTh07ucelg8Jx0eLENhg6XC2OPi1sCigF5AKh4dKD5bfZ+91OLj2cSohmRFLR8cJjlVd5m40eDk3MmtjWpKMSEcIzVQcJOzzd7k3s2zk3BQNSMcITFKao2tydzk4NG4mXdVOSYcHy1FZIaoxNnj4tS9n31bPigdHipAXoCiwNbi49jCpYNhQyweHSc8WHqcu9Ph5NrHq4lnSC8gHCQ3U3OWts/f5N3LsJBtTTMiHCIzTW2QsMvd5N/PtpZzUzckHCAvSGeJq8fa5OHTu5x6WDwnHR4sQ2GDpcLY4+LWwKKAXkAqHh0oPlt9n73U4uPZxKiGZEUtHxwmOVV3mbjR4OTcya2NakoxIRwjNVBwk7PN3uTezbOTcFA1IxwhMUpqja3J3OTg0biZd1U5JhwfLUVkhqjE2ePi1L2ffVs+KB0eKkBegKLA1uLj2MKlg2FDLB4dJzxYepy70+Hk2seriWdILyAcJDdTc5a2z9/k3cuwkG1NMyIcIjNNbZCwy93k38+2lnNTNyQcIC9IZ4mrx9rk4dO7nHpYPCcdHixDYYOlwtjj4tbAooBeQCoeHSg+W32fvdTi49nEqIZkRS0fHCY5VXeZuNHg5NzJrY1qSjEhHCM1UHCTs83e5N7Ns5NwUDUjHCExSmqNrcnc5ODRuJl3VTkmHB8tRWSGqMTZ4+LUvZ99Wz4oHR4qQF6Aor/U4ODVv6ODY0YxJSQuQVx6mbXK1tjPvqWIa1A8Ly00RFt2kqu/zM/Ju6WMcllGOTY6R1tyi6K1wsbCt6WPeGJQQz9CTFxwhpusuL27sqOQfGlZTUhJUV5vgpSjrrOzrKCRgG9hV1FSV2Jvf46bpaqqpZyQg3VpYFtaXmZwfYmUnKGhnpiPhHlwaGRjZmtzfIWNlJiZl5KMhH12cG1sbXF2fIKIjI+PjoyIg397eHZ1dnh6fYGDhYaGhoWDgYB/fn5+f3+AgA==","mimeType":"audio/wav"},{"name":"server-info","title":"Server info","uri":"info://server-info","description":"Facts about this demo server process","mimeType":"application/json","type":"resource_link"}]},"jsonrpc":"2.0","id":4}',
  ],
  ['send', '{"jsonrpc":"2.0","id":5,"method":"prompts/list"}'],
  [
    'recv',
    '{"result":{"prompts":[{"name":"summarize","title":"Summarize","description":"Asks the model to summarize a text in at most N words.","arguments":[{"name":"text","description":"The text to summarize","required":true},{"name":"max_words","description":"Maximum number of words (default 50)","required":false}]}]},"jsonrpc":"2.0","id":5}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":6,"method":"prompts/get","params":{"name":"summarize","arguments":{"text":"hello world","max_words":"5"}}}',
  ],
  [
    'recv',
    '{"result":{"description":"Summarize in at most 5 words","messages":[{"role":"user","content":{"type":"text","text":"Please summarize the following text in at most 5 words:\\n\\nhello world"}}]},"jsonrpc":"2.0","id":6}',
  ],
  ['send', '{"jsonrpc":"2.0","id":7,"method":"resources/list"}'],
  [
    'recv',
    '{"result":{"resources":[{"uri":"info://server-info","name":"server-info","title":"Server info","description":"Name, version, protocol flow, Node version, pid and start time of this demo server process.","mimeType":"application/json"}]},"jsonrpc":"2.0","id":7}',
  ],
  ['send', '{"jsonrpc":"2.0","id":8,"method":"resources/templates/list"}'],
  [
    'recv',
    '{"result":{"resourceTemplates":[{"name":"greeting","uriTemplate":"greeting://{name}","title":"Greeting","description":"A friendly greeting for the given name.","mimeType":"text/plain"}]},"jsonrpc":"2.0","id":8}',
  ],
  ['send', '{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"info://server-info"}}'],
  [
    'recv',
    '{"result":{"contents":[{"uri":"info://server-info","mimeType":"application/json","text":"{\\n  \\"name\\": \\"mcp-lens-demo\\",\\n  \\"title\\": \\"MCP Lens demo server\\",\\n  \\"version\\": \\"0.1.0\\",\\n  \\"era\\": \\"legacy\\",\\n  \\"flow\\": \\"handshake\\",\\n  \\"protocol\\": \\"2025-era (initialize handshake)\\",\\n  \\"node\\": \\"v20.20.2\\",\\n  \\"pid\\": 13541,\\n  \\"startedAt\\": \\"2026-11-30T00:06:20.638Z\\"\\n}"}]},"jsonrpc":"2.0","id":9}',
  ],
  ['send', '{"jsonrpc":"2.0","id":10,"method":"ping"}'],
  ['recv', '{"result":{},"jsonrpc":"2.0","id":10}'],
];

/** server/discover, tools/list, tools/call, input_required and its retry, prompts, resources, media. */
export const DEMO_STATELESS: ReadonlyArray<readonly [Direction, string]> = [
  [
    'send',
    '{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":true},"resources":{"listChanged":true},"prompts":{"listChanged":true},"logging":{},"completions":{}},"instructions":"Demo server for MCP Lens. Try echo/add for simple calls, create_order for a rich input form, media for image/audio/resource-link content, fail for a tool error, slow for progress and cancellation, and confirm_action for elicitation (handshake flow) or input_required (stateless flow). Read info://server-info or greeting://{name}, or get the summarize prompt.","resultType":"complete","ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":1}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"tools":[{"name":"echo","title":"Echo","description":"Returns the message it was given.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"message":{"type":"string","description":"Text to echo back"}},"required":["message"]},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"add","title":"Add","description":"Adds two numbers.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"a":{"type":"number","description":"First addend"},"b":{"type":"number","description":"Second addend"}},"required":["a","b"]},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"create_order","title":"Create order","description":"Creates a (fake) order. Its input schema exercises nested objects, arrays, enums, ranges, nullable and optional fields, and a oneOf; the result carries structuredContent.","inputSchema":{"type":"object","properties":{"customer":{"type":"object","title":"Customer","properties":{"name":{"type":"string","minLength":1,"title":"Name"},"email":{"type":"string","format":"email","title":"Email"}},"required":["name"],"additionalProperties":false},"items":{"type":"array","title":"Items","minItems":1,"items":{"type":"object","properties":{"sku":{"type":"string","minLength":1,"title":"SKU","examples":["LENS-01","CAP-02","STRAP-03"]},"quantity":{"type":"integer","minimum":1,"maximum":99,"title":"Quantity"}},"required":["sku","quantity"],"additionalProperties":false}},"priority":{"type":"string","enum":["low","normal","high"],"title":"Priority"},"discount":{"type":"number","minimum":0,"maximum":100,"title":"Discount (%)"},"gift":{"type":"boolean","title":"Gift wrap"},"note":{"type":["string","null"],"title":"Note","description":"Free text, or null for no note"},"delivery":{"title":"Delivery","oneOf":[{"type":"object","title":"Pickup","properties":{"type":{"const":"pickup"},"store":{"type":"string","minLength":1,"title":"Store"}},"required":["type","store"],"additionalProperties":false},{"type":"object","title":"Ship","properties":{"type":{"const":"ship"},"address":{"type":"string","minLength":1,"title":"Address"}},"required":["type","address"],"additionalProperties":false}]}},"required":["customer","items","priority","delivery"],"additionalProperties":false},"annotations":{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":false,"openWorldHint":false},"outputSchema":{"type":"object","properties":{"orderId":{"type":"string"},"itemCount":{"type":"integer","description":"Total quantity across all lines"},"total":{"type":"number","description":"Order total after discount"},"priority":{"type":"string","enum":["low","normal","high"]},"delivery":{"type":"string","enum":["pickup","ship"]}},"required":["orderId","itemCount","total","priority","delivery"],"additionalProperties":false}},{"name":"media","title":"Media","description":"Returns an image, an audio clip and a link to the server-info resource.","inputSchema":{"type":"object","properties":{}},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"fail","title":"Fail","description":"Always fails with a tool error (isError: true), not a JSON-RPC error.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"reason":{"description":"Optional reason to include","type":"string"}}},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"slow","title":"Slow","description":"Works through a number of steps, sending notifications/progress after each one when the request carries a progress token. Honours cancellation.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"steps":{"default":5,"description":"Number of steps","type":"integer","minimum":1,"maximum":50},"delayMs":{"default":500,"description":"Delay per step (ms)","type":"integer","minimum":10,"maximum":5000}}},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},{"name":"confirm_action","title":"Confirm action","description":"Asks the user to confirm an action: elicitation/create on the handshake flow, an input_required result on the stateless flow.","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"action":{"type":"string","description":"What to confirm, e.g. \\"delete the cache\\""}},"required":["action"]},"annotations":{"readOnlyHint":true,"openWorldHint":false}}],"resultType":"complete","ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":2}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_order","arguments":{"customer":{"name":"Ada"},"items":[{"sku":"LENS-01","quantity":1}],"priority":"normal","delivery":{"type":"pickup","store":"Main St"}},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"content":[{"type":"text","text":"{\\"orderId\\":\\"ORD-0001\\",\\"itemCount\\":1,\\"total\\":49.9,\\"priority\\":\\"normal\\",\\"delivery\\":\\"pickup\\"}"}],"structuredContent":{"orderId":"ORD-0001","itemCount":1,"total":49.9,"priority":"normal","delivery":"pickup"},"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":3}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"confirm_action","arguments":{"action":"delete the cache"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"mode":"form","message":"Confirm action: delete the cache?","requestedSchema":{"type":"object","properties":{"confirm":{"type":"boolean","title":"Confirm","description":"Go ahead with the action?"},"comment":{"type":"string","title":"Comment","description":"Optional note for the log"}},"required":["confirm"]}}}},"requestState":"v1.eyJwIjp7ImFjdGlvbiI6ImRlbGV0ZSB0aGUgY2FjaGUifSwiZXhwIjoxNzk1OTk3NzgzfQ.jamTrIdinSo8gq4UGnSKPu74LeVT5w0yeqfmccuSF6k","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":4}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"confirm_action","arguments":{"action":"delete the cache"},"inputResponses":{"confirm":{"action":"accept","content":{"confirm":true}}},"requestState":"v1.eyJwIjp7ImFjdGlvbiI6ImRlbGV0ZSB0aGUgY2FjaGUifSwiZXhwIjoxNzk1OTk3NzgzfQ.jamTrIdinSo8gq4UGnSKPu74LeVT5w0yeqfmccuSF6k","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"content":[{"type":"text","text":"Confirmed: delete the cache"}],"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":5}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":6,"method":"prompts/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"prompts":[{"name":"summarize","title":"Summarize","description":"Asks the model to summarize a text in at most N words.","arguments":[{"name":"text","description":"The text to summarize","required":true},{"name":"max_words","description":"Maximum number of words (default 50)","required":false}]}],"resultType":"complete","ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":6}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":7,"method":"resources/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"resources":[{"uri":"info://server-info","name":"server-info","title":"Server info","description":"Name, version, protocol flow, Node version, pid and start time of this demo server process.","mimeType":"application/json"}],"resultType":"complete","ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":7}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":8,"method":"resources/templates/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"resourceTemplates":[{"name":"greeting","uriTemplate":"greeting://{name}","title":"Greeting","description":"A friendly greeting for the given name.","mimeType":"text/plain"}],"resultType":"complete","ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":8}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"info://server-info","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"contents":[{"uri":"info://server-info","mimeType":"application/json","text":"{\\n  \\"name\\": \\"mcp-lens-demo\\",\\n  \\"title\\": \\"MCP Lens demo server\\",\\n  \\"version\\": \\"0.1.0\\",\\n  \\"era\\": \\"modern\\",\\n  \\"flow\\": \\"stateless\\",\\n  \\"protocol\\": \\"2026-07-28 (per-request _meta envelope)\\",\\n  \\"node\\": \\"v20.20.2\\",\\n  \\"pid\\": 13563,\\n  \\"startedAt\\": \\"2026-11-30T00:06:23.887Z\\"\\n}"}],"resultType":"complete","ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":9}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":10,"method":"prompts/get","params":{"name":"summarize","arguments":{"text":"hello world","max_words":"5"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"description":"Summarize in at most 5 words","messages":[{"role":"user","content":{"type":"text","text":"Please summarize the following text in at most 5 words:\\n\\nhello world"}}],"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":10}',
  ],
  [
    'send',
    '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"media","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},"io.modelcontextprotocol/clientInfo":{"name":"mcp-lens","version":"0.1.0"}}}}',
  ],
  [
    'recv',
    '{"result":{"content":[{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAP0lEQVR4nGNgoDZQTX79Hx+mSDNeQ4jVjNUQdMnbr/41YMM4DSFGMzZDRg2glQFkRSPFCYkqSZlYQ/BqJgcAAIFd1aT8EWzZAAAAAElFTkSuQmCC","mimeType":"image/png"},{"type":"audio","data":"UklGRvQHAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YdAHAACAgIGBgoKDgoGAfn17enl5e31/g4aJi4uLiYaBfXh0cXBxdHh+hIqPk5SUkIuEfHRuaWdobHN7hI2Vm52dmJGHfHFoYV5fZGx3g5CboqamoZiLfXBjWlVWW2VygZGfqa+vqp+RgG9fVE1MUl1sfpGir7e5s6iXhG9dTkVDSFRlepCktb/CvbGfiXFbST06PkpddY6lucbLx7unjnRaRTcxNEBVboqlvc3U0cWwlXhbQjAoKjZLZ4akv9Lc28+6nX1dQCsgICtBXoCiwNbi49jCpYNhQyweHSc8WHqcu9Ph5NrHq4lnSC8gHCQ3U3OWts/f5N3LsJBtTTMiHCIzTW2QsMvd5N/PtpZzUzckHCAvSGeJq8fa5OHTu5x6WDwnHR4sQ2GDpcLY4+LWwKKAXkAqHh0oPlt9n73U4uPZxKiGZEUtHxwmOVV3mbjR4OTcya2NakoxIRwjNVBwk7PN3uTezbOTcFA1IxwhMUpqja3J3OTg0biZd1U5JhwfLUVkhqjE2ePi1L2ffVs+KB0eKkBegKLA1uLj2MKlg2FDLB4dJzxYepy70+Hk2seriWdILyAcJDdTc5a2z9/k3cuwkG1NMyIcIjNNbZCwy93k38+2lnNTNyQcIC9IZ4mrx9rk4dO7nHpYPCcdHixDYYOlwtjj4tbAooBeQCoeHSg+W32fvdTi49nEqIZkRS0fHCY5VXeZuNHg5NzJrY1qSjEhHCM1UHCTs83e5N7Ns5NwUDUjHCExSmqNrcnc5ODRuJl3VTkmHB8tRWSGqMTZ4+LUvZ99Wz4oHR4qQF6AosDW4uPYwqWDYUMsHh0nPFh6nLvT4eTax6uJZ0gvIBwkN1NzlrbP3+Tdy7CQbU0zIhwiM01tkLDL3eTfz7aWc1M3JBwgL0hniavH2uTh07ucelg8Jx0eLENhg6XC2OPi1sCigF5AKh4dKD5bfZ+91OLj2cSohmRFLR8cJjlVd5m40eDk3MmtjWpKMSEcIzVQcJOzzd7k3s2zk3BQNSMcITFKao2tydzk4NG4mXdVOSYcHy1FZIaoxNnj4tS9n31bPigdHipAXoCiwNbi49jCpYNhQyweHSc8WHqcu9Ph5NrHq4lnSC8gHCQ3U3OWts/f5N3LsJBtTTMiHCIzTW2QsMvd5N/PtpZzUzckHCAvSGeJq8fa5OHTu5x6WDwnHR4sQ2GDpcLY4+LWwKKAXkAqHh0oPlt9n73U4uPZxKiGZEUtHxwmOVV3mbjR4OTcya2NakoxIRwjNVBwk7PN3uTezbOTcFA1IxwhMUpqja3J3OTg0biZd1U5JhwfLUVkhqjE2ePi1L2ffVs+KB0eKkBegKLA1uLj2MKlg2FDLB4dJzxYepy70+Hk2seriWdILyAcJDdTc5a2z9/k3cuwkG1NMyIcIjNNbZCwy93k38+2lnNTNyQcIC9IZ4mrx9rk4dO7nHpYPCcdHixDYYOlwtjj4tbAooBeQCoeHSg+W32fvdTi49nEqIZkRS0fHCY5VXeZuNHg5NzJrY1qSjEhHCM1UHCTs83e5N7Ns5NwUDUjHCExSmqNrcnc5ODRuJl3VTkmHB8tRWSGqMTZ4+LUvZ99Wz4oHR4qQF6AosDW4uPYwqWDYUMsHh0nPFh6nLvT4eTax6uJZ0gvIBwkN1NzlrbP3+Tdy7CQbU0zIhwiM01tkLDL3eTfz7aWc1M3JBwgL0hniavH2uTh07ucelg8Jx0eLENhg6XC2OPi1sCigF5AKh4dKD5bfZ+91OLj2cSohmRFLR8cJjlVd5m40eDk3MmtjWpKMSEcIzVQcJOzzd7k3s2zk3BQNSMcITFKao2tydzk4NG4mXdVOSYcHy1FZIaoxNnj4tS9n31bPigdHipAXoCiwNbi49jCpYNhQyweHSc8WHqcu9Ph5NrHq4lnSC8gHCQ3U3OWts/f5N3LsJBtTTMiHCIzTW2QsMvd5N/PtpZzUzckHCAvSGeJq8fa5OHTu5x6WDwnHR4sQ2GDpcLY4+LWwKKAXkAqHh0oPlt9n73U4uPZxKiGZEUtHxwmOVV3mbjR4OTcya2NakoxIRwjNVBwk7PN3uTezbOTcFA1IxwhMUpqja3J3OTg0biZd1U5JhwfLUVkhqjE2ePi1L2ffVs+KB0eKkBegKLA1uLj2MKlg2FDLB4dJzxYepy70+Hk2seriWdILyAcJDdTc5a2z9/k3cuwkG1NMyIcIjNNbZCwy93k38+2lnNTNyQcIC9IZ4mrx9rk4dO7nHpYPCcdHixDYYOlwtjj4tbAooBeQCoeHSg+W32fvdTi49nEqIZkRS0fHCY5VXeZuNHg5NzJrY1qSjEhHCM1UHCTs83e5N7Ns5NwUDUjHCExSmqNrcnc5ODRuJl3VTkmHB8tRWSGqMTZ4+LUvZ99Wz4oHR4qQF6Aor/U4ODVv6ODY0YxJSQuQVx6mbXK1tjPvqWIa1A8Ly00RFt2kqu/zM/Ju6WMcllGOTY6R1tyi6K1wsbCt6WPeGJQQz9CTFxwhpusuL27sqOQfGlZTUhJUV5vgpSjrrOzrKCRgG9hV1FSV2Jvf46bpaqqpZyQg3VpYFtaXmZwfYmUnKGhnpiPhHlwaGRjZmtzfIWNlJiZl5KMhH12cG1sbXF2fIKIjI+PjoyIg397eHZ1dnh6fYGDhYaGhoWDgYB/fn5+f3+AgA==","mimeType":"audio/wav"},{"name":"server-info","title":"Server info","uri":"info://server-info","description":"Facts about this demo server process","mimeType":"application/json","type":"resource_link"}],"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"mcp-lens-demo","title":"MCP Lens demo server","version":"0.1.0"}}},"jsonrpc":"2.0","id":11}',
  ],
];
