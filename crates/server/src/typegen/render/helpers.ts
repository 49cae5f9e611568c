
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, DEFAULT_SCHEMA>]

type SchemaOption = { schema: keyof DatabaseWithoutInternals }

type SchemaOf<O extends SchemaOption> = DatabaseWithoutInternals[O["schema"]]

export type Tables<
  NameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | SchemaOption,
  TableName extends NameOrOptions extends SchemaOption
    ? keyof (SchemaOf<NameOrOptions>["Tables"] & SchemaOf<NameOrOptions>["Views"])
    : never = never,
> = NameOrOptions extends SchemaOption
  ? (SchemaOf<NameOrOptions>["Tables"] &
      SchemaOf<NameOrOptions>["Views"])[TableName] extends { Row: infer R }
    ? R
    : never
  : NameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[NameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  NameOrOptions extends keyof DefaultSchema["Tables"] | SchemaOption,
  TableName extends NameOrOptions extends SchemaOption
    ? keyof SchemaOf<NameOrOptions>["Tables"]
    : never = never,
> = NameOrOptions extends SchemaOption
  ? SchemaOf<NameOrOptions>["Tables"][TableName] extends { Insert: infer I }
    ? I
    : never
  : NameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][NameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  NameOrOptions extends keyof DefaultSchema["Tables"] | SchemaOption,
  TableName extends NameOrOptions extends SchemaOption
    ? keyof SchemaOf<NameOrOptions>["Tables"]
    : never = never,
> = NameOrOptions extends SchemaOption
  ? SchemaOf<NameOrOptions>["Tables"][TableName] extends { Update: infer U }
    ? U
    : never
  : NameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][NameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type Enums<
  NameOrOptions extends keyof DefaultSchema["Enums"] | SchemaOption,
  EnumName extends NameOrOptions extends SchemaOption
    ? keyof SchemaOf<NameOrOptions>["Enums"]
    : never = never,
> = NameOrOptions extends SchemaOption
  ? SchemaOf<NameOrOptions>["Enums"][EnumName]
  : NameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][NameOrOptions]
    : never

export type CompositeTypes<
  NameOrOptions extends keyof DefaultSchema["CompositeTypes"] | SchemaOption,
  CompositeTypeName extends NameOrOptions extends SchemaOption
    ? keyof SchemaOf<NameOrOptions>["CompositeTypes"]
    : never = never,
> = NameOrOptions extends SchemaOption
  ? SchemaOf<NameOrOptions>["CompositeTypes"][CompositeTypeName]
  : NameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][NameOrOptions]
    : never
