import {
  LANGUAGE_CODES,
  LANGUAGES,
  NEWS_BODY_MAX,
  NEWS_CATEGORIES,
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  type AdminNewsArticle,
} from "@brokerage/api";
import { Form, Input, Radio, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { FormDrawer, useDrawerSubmit, useFormOnOpen } from "../layout/FormDrawer";
import { ReasonField } from "../layout/ReasonModal";
import { useSaveArticle } from "./api";
import { articleRequest, fieldOf, languageOfTag, newArticle, toForm, type ArticleFormValues } from "./form";

/**
 * One article's editor: its section and language, title, summary and plain-text body, the instrument of
 * stock news, and the reason kept in the audit log. A new article is published when saved; a published one
 * is corrected in place (its publication time stays). `article` null: closed; "new": a new article.
 */
export function ArticleDrawer({
  article,
  onClose,
}: {
  article: AdminNewsArticle | "new" | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ArticleFormValues>();
  const save = useSaveArticle();
  const category = Form.useWatch("category", form);
  const editing = article !== null && article !== "new" ? article : null;
  const blank = () => newArticle(languageOfTag(i18n.language));

  useFormOnOpen(article, form, () => (editing ? toForm(editing) : blank()), save);

  const submit = useDrawerSubmit({
    form,
    check: (values: ArticleFormValues) => articleRequest(values, editing?.id),
    save,
    done: (saved) => t(editing ? "news.saved" : "news.published", { title: saved.title }),
    fieldOfError: (error) => (error.code === "UNKNOWN_SYMBOL" ? "symbol" : fieldOf(error.params.field)),
    onClose,
  });

  const required = (label: string) => [
    { required: true, whitespace: true, message: t("news.problems.requiredField", { label }) },
  ];
  return (
    <FormDrawer
      open={article !== null}
      onClose={onClose}
      size={720}
      title={editing ? t("news.editTitle") : t("news.newTitle")}
      save={save}
      onSave={() => void submit()}
    >
      <Typography.Paragraph type="secondary">
        {editing ? t("news.editNote") : t("news.newNote")}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={blank()}>
        <Form.Item name="category" label={t("news.section")}>
          <Radio.Group
            optionType="button"
            aria-label={t("news.section")}
            options={NEWS_CATEGORIES.map((value) => ({ value, label: t(`news.sections.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="lang" label={t("news.language")} extra={t("news.languageHint")}>
          <Radio.Group
            optionType="button"
            aria-label={t("news.language")}
            options={LANGUAGE_CODES.map((value) => ({ value, label: LANGUAGES[value].label }))}
          />
        </Form.Item>
        {category === "stock" && (
          <Form.Item
            name="symbol"
            label={t("news.symbol")}
            extra={t("news.symbolHint")}
            rules={required(t("news.symbol"))}
          >
            <Input maxLength={32} autoComplete="off" className="admin-mono" />
          </Form.Item>
        )}
        <Form.Item name="title" label={t("news.articleTitle")} rules={required(t("news.articleTitle"))}>
          <Input maxLength={NEWS_TITLE_MAX} showCount autoComplete="off" />
        </Form.Item>
        <Form.Item name="summary" label={t("news.summary")} extra={t("news.summaryHint")}>
          <Input.TextArea rows={2} maxLength={NEWS_SUMMARY_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="body"
          label={t("news.body")}
          extra={t("news.bodyHint")}
          rules={required(t("news.body"))}
        >
          <Input.TextArea rows={12} maxLength={NEWS_BODY_MAX} showCount />
        </Form.Item>
        <ReasonField label={t("news.reason")} hint={t("news.reasonHint")} rows={2} />
      </Form>
    </FormDrawer>
  );
}
