/**
 * The flow-node renderer. `FlowForm` renders and posts the nodes of chosen groups;
 * `FlowNode`/`NodeList` render nodes without a form; `FlowMessages`/`NodeMessages` show
 * messages; the helpers select and order nodes.
 */
export { FlowForm, type FlowFormBody, type FlowFormProps } from './FlowForm.js';
export { FlowNode, nodeKey, type FlowNodeProps } from './FlowNode.js';
export { NodeList } from './NodeList.js';
export { FlowMessages, NodeMessages } from './NodeMessages.js';
export { Divider } from './Divider.js';
export { hasGroup, inputNamed, nodesOf, sortNodes } from './node-groups.js';
export { formBody, companionGroups, type Submitter } from './form-body.js';
export { skipsValidation } from './validation-skip.js';
export { nodeLabel, displayValue } from './node-label.js';
export { fieldId, messagesId } from './field-ids.js';
