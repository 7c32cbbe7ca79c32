import { z } from "zod";

/**
 * The top-level field names a form's zod schema reads, through its refinements, unions and wrappers,
 * and the values its `intent` field takes (a literal or an enum): which of a screen's forms it checks.
 */
export function schemaFields(schema: z.ZodTypeAny): { fieldNames: Set<string>; intents: Set<string> } {
  const names = new Set<string>();
  const intents = new Set<string>();
  const visit = (node: z.ZodTypeAny): void => {
    if (node instanceof z.ZodObject) {
      const shape = node.shape as Record<string, z.ZodTypeAny>;
      for (const key of Object.keys(shape)) names.add(key);
      if (shape.intent instanceof z.ZodLiteral && typeof shape.intent.value === "string") intents.add(shape.intent.value);
      if (shape.intent instanceof z.ZodEnum) for (const value of shape.intent.options as string[]) intents.add(value);
    } else if (node instanceof z.ZodEffects) visit(node.innerType());
    else if (node instanceof z.ZodPipeline) visit(node._def.in as z.ZodTypeAny);
    else if (node instanceof z.ZodUnion || node instanceof z.ZodDiscriminatedUnion)
      for (const option of node.options as z.ZodTypeAny[]) visit(option);
    else if (node instanceof z.ZodIntersection) {
      visit(node._def.left as z.ZodTypeAny);
      visit(node._def.right as z.ZodTypeAny);
    } else if (node instanceof z.ZodBranded) visit(node.unwrap() as z.ZodTypeAny);
    else {
      // Optional, nullable, default, catch, readonly: the field inside.
      const inner = (node._def as { innerType?: z.ZodTypeAny }).innerType;
      if (inner) visit(inner);
    }
  };
  visit(schema);
  return { fieldNames: names, intents };
}
